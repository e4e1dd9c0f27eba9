import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { verifyPassword } from "@/lib/auth/passwords";
import { getPrisma } from "@/lib/db/client";
import { SIGN_UP_ACCEPTED } from "@/lib/accounts/endpoints";
import { demoUsers } from "@/prisma/seed/fixtures";
import {
  PASSWORD,
  T0,
  advance,
  bad,
  emailsTo,
  linkToken,
  signUp,
  startEachTestAtT0,
  userByEmail,
} from "@/app/api/v2/signup/accounts-fixtures";

// Sign-up through the route (docs/CONTRACT.md §15), on a clock the test moves; email verification
// is in accounts-verification.test.ts, password reset in accounts-password-reset.test.ts.

startEachTestAtT0();

describe("POST /signup", () => {
  it("makes an organization, its first member (unverified) and queues the verification email", async () => {
    const response = await signUp("Ada@Example.com");
    expect([response.status, response.body]).toEqual([202, SIGN_UP_ACCEPTED]);
    const user = await userByEmail("ada@example.com");
    expect([user.name, user.organization.name, user.emailVerifiedAt]).toEqual([
      "Ada Lovelace",
      "Example Telecom Ltd",
      null,
    ]);
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
    // Cost 4 under the test runner; lib/auth/passwords.test.ts holds that the app's is 12.
    expect(user.passwordHash).toMatch(/^\$2[aby]\$04\$/);
    const [email] = await emailsTo("ada@example.com");
    expect([email.kind, email.subject, email.status]).toEqual([
      "verify_email",
      "Confirm your email for the Numbers portal",
      "queued",
    ]);
    expect(email.text).toMatch(/http:\/\/localhost:\d+\/verify\?token=[A-Za-z0-9_-]{43}\n/);
    // Only the hash of the link is stored.
    const prisma = await getPrisma();
    const link = await prisma.accountLink.findFirstOrThrow({ where: { userId: user.id } });
    expect(link.tokenHash).not.toContain(await linkToken("ada@example.com", "verify_email"));
    expect(link.expiresAt).toEqual(new Date(T0.getTime() + 24 * 3600_000));
    const audit = await prisma.auditEvent.findMany({ where: { organizationId: user.organizationId } });
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.ip])).toEqual([
      ["organization.signed_up", user.id, "198.51.100.7"],
    ]);
  });

  it("a known email gets the same answer, no second account, and an email saying so", async () => {
    const first = await signUp("grace@example.com");
    const prisma = await getPrisma();
    await prisma.user.update({ where: { email: "grace@example.com" }, data: { emailVerifiedAt: T0 } });
    const usersBefore = await prisma.user.count();
    const organizationsBefore = await prisma.organization.count();
    const second = await signUp("GRACE@example.com", { organization_name: "Another Ltd", name: "Someone" });
    expect([second.status, second.body]).toEqual([first.status, first.body]);
    expect(await prisma.user.count()).toBe(usersBefore);
    expect(await prisma.organization.count()).toBe(organizationsBefore);
    const emails = await emailsTo("grace@example.com");
    expect(emails.map((email) => email.kind)).toEqual(["verify_email", "account_exists"]);
    expect(emails[1].text).toContain("already has an account");
    expect(emails[1].text).toContain("/forgot-password");
    expect(emails[1].text).not.toContain("token=");
  });

  it("signing up again before verifying (the page's send it again) sends a new link, and both work once", async () => {
    const first = await signUp("hopper@example.com");
    const firstLink = await linkToken("hopper@example.com", "verify_email");
    advance(60_000);
    const again = await signUp("hopper@example.com");
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    const emails = await emailsTo("hopper@example.com");
    expect(emails.map((email) => email.kind)).toEqual(["verify_email", "verify_email"]);
    const secondLink = await linkToken("hopper@example.com", "verify_email");
    expect(secondLink).not.toBe(firstLink);
    const verified = await api<{ email: string }>("POST", "/verification", { body: { token: secondLink } });
    expect([verified.status, verified.body.email]).toEqual([200, "hopper@example.com"]);
    expect((await userByEmail("hopper@example.com")).name).toBe("Ada Lovelace");
  });

  it("a demo account's email is answered exactly as a new one", async () => {
    const known = await signUp(demoUsers.acmeCustomer.email);
    const unknown = await signUp("nobody-yet@example.com");
    expect(known.status).toBe(unknown.status);
    expect(JSON.stringify(known.body)).toBe(JSON.stringify(unknown.body));
    expect(known.headers.get("content-length")).toBe(unknown.headers.get("content-length"));
  });

  it.each([
    [
      { password: "short" },
      bad(
        "password: The password must have at least 12 characters; this one has 5.",
        "body.password=(not shown)",
      ),
    ],
    [
      { password: "qwerty123456" },
      bad(
        "password: This password is on the list of common or breached passwords that attackers try first; choose another.",
        "body.password=(not shown)",
      ),
    ],
    [
      { password: "x".repeat(129) },
      bad(
        "password: The password may have at most 128 characters; this one has 129.",
        "body.password=(not shown)",
      ),
    ],
    [
      { email: "not-an-email" },
      bad("email must be an email address, such as ada@example.com", "body.email=not-an-email"),
    ],
    [
      { organization_name: "  " },
      bad("organization_name must be 1 to 100 characters", "body.organization_name="),
    ],
    [{ name: undefined }, bad("name is required: 1 to 100 characters", "body.name=(missing)")],
    [{ role: "owner" }, bad("unknown body parameter: role", "body.role")],
  ])("refuses %j and changes nothing", async (overrides, body) => {
    const prisma = await getPrisma();
    const before = [await prisma.user.count(), await prisma.emailMessage.count()];
    const response = await signUp("bad-input@example.com", overrides);
    expect([response.status, response.body]).toEqual([400, body]);
    expect([await prisma.user.count(), await prisma.emailMessage.count()]).toEqual(before);
  });

  it("is throttled per client address: the 11th in an hour is 429, another address is not", async () => {
    for (let i = 0; i < 10; i++)
      expect((await signUp(`many${i}@example.com`, {}, "203.0.113.9")).status).toBe(202);
    const refused = await signUp("many10@example.com", {}, "203.0.113.9");
    expect([refused.status, refused.body, refused.headers.get("retry-after")]).toEqual([
      429,
      {
        message: "Too Many Requests",
        error: {
          message: "Too many attempts; try again in 60 minutes.",
          details: "retry_after=3600s",
          code: "rate_limited",
        },
      },
      "3600",
    ]);
    expect(await emailsTo("many10@example.com")).toEqual([]);
    expect((await signUp("other@example.com", {}, "203.0.113.10")).status).toBe(202);
    advance(3600_000);
    expect((await signUp("many10@example.com", {}, "203.0.113.9")).status).toBe(202);
  });
});
