import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { api, get } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { SIGNED_IN_AT_CLAIM, sessionCookieName } from "@/lib/auth/session-cookie";
import { verifyPassword } from "@/lib/auth/passwords";
import { AttemptThrottle, setAttemptThrottle } from "@/lib/auth/attempt-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { getPrisma } from "@/lib/db/client";
import { RESET_ACCEPTED, SIGN_UP_ACCEPTED } from "@/lib/accounts/endpoints";
import { setRequestClock } from "@/lib/api/request-clock";
import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";
import { demoUsers } from "@/prisma/seed/fixtures";

// Sign-up, verification and password reset through the routes (docs/CONTRACT.md §15), on a clock the
// test moves. Links are read from the queued email rows, as the worker would send them; a reset
// request becomes its email in the worker's step, which `askReset` runs after the request.

const ORIGIN = "http://localhost:3000";
const T0 = new Date("2026-11-27T10:00:00.000Z");
let clockMs = T0.getTime();
const advance = (ms: number) => (clockMs += ms);
const PASSWORD = "violet tangent harbour";

beforeEach(async () => {
  clockMs = T0.getTime();
  setRequestClock(() => new Date(clockMs));
  // A fresh throttle per test, on the same clock: budgets are tested where they are meant to be.
  setAttemptThrottle(new AttemptThrottle(memoryStore(), () => clockMs));
  const prisma = await getPrisma();
  await prisma.emailMessage.deleteMany();
  await prisma.passwordResetRequest.deleteMany();
});
afterAll(() => setRequestClock(undefined));

const from = (ip: string) => ({ "x-forwarded-for": ip });
const bad = (message: string, details: string) => ({
  message: "Bad Request",
  error: { message, details, code: "invalid_parameter" },
});

async function signUp(email: string, overrides: Record<string, unknown> = {}, ip = "198.51.100.7") {
  return api("POST", "/signup", {
    headers: from(ip),
    body: {
      organization_name: "Example Telecom Ltd",
      name: "Ada Lovelace",
      email,
      password: PASSWORD,
      ...overrides,
    },
  });
}

/** Asks for a reset of `email`, then runs the worker's step that acts on the request. */
async function askReset(email: string, headers: Record<string, string> = {}) {
  const response = await api("POST", "/password-reset", { headers, body: { email } });
  await actOnPasswordResetRequests({ now: new Date(clockMs) });
  return response;
}

async function emailsTo(to: string) {
  const prisma = await getPrisma();
  return prisma.emailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
}

/** The token of the last link of `kind` queued to `to`. */
async function linkToken(to: string, kind: string): Promise<string> {
  const message = (await emailsTo(to)).filter((email) => email.kind === kind).at(-1);
  const match = /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? "");
  if (!match) throw new Error(`no ${kind} link queued for ${to}`);
  return match[1];
}

async function userByEmail(email: string) {
  const prisma = await getPrisma();
  return prisma.user.findUniqueOrThrow({ where: { email }, include: { organization: true } });
}

async function sessionFor(email: string, signedInAt = clockMs): Promise<Record<string, string>> {
  const user = await userByEmail(email);
  const value = await encode({
    token: {
      sub: user.id,
      email,
      name: user.name,
      role: user.role,
      organizationId: user.organizationId,
      [SIGNED_IN_AT_CLAIM]: signedInAt,
    },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: ORIGIN };
}

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
    expect(user.passwordHash).toMatch(/^\$2[aby]\$12\$/);
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

describe("email verification", () => {
  it("the link verifies once; until then buying, holding and tokens are 401 email_unverified", async () => {
    await signUp("lin@example.com");
    const session = await sessionFor("lin@example.com");
    const unverified = {
      message: "Unauthorized",
      error: {
        message:
          "Verify your email first: follow the link we sent you (or ask for it again), then try once more.",
        details: `user_id=${(await userByEmail("lin@example.com")).id}`,
        code: "email_unverified",
      },
    };
    const token = await api("POST", "/tokens", {
      headers: session,
      body: { name: "ci", scopes: ["numbers:read"] },
    });
    expect([token.status, token.body]).toEqual([401, unverified]);
    const hold = await api("POST", "/reservations", {
      headers: session,
      body: { numbers: ["+12125550100"] },
    });
    expect([hold.status, hold.body]).toEqual([401, unverified]);
    // Looking is allowed.
    expect((await get("/orders", { headers: session })).status).toBe(200);

    advance(23 * 3600_000);
    const verified = await api("POST", "/verification", {
      body: { token: await linkToken("lin@example.com", "verify_email") },
    });
    expect([verified.status, verified.body]).toEqual([
      200,
      { email: "lin@example.com", email_verified_at: new Date(clockMs).toISOString() },
    ]);
    const again = await api("POST", "/verification", {
      body: { token: await linkToken("lin@example.com", "verify_email") },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(
      bad(
        "This verification link has already been used; a link works once. Your email is verified: sign in.",
        `body.token=(used at ${new Date(clockMs).toISOString()})`,
      ),
    );
    const created = await api("POST", "/tokens", {
      headers: session,
      body: { name: "ci", scopes: ["numbers:read"] },
    });
    expect(created.status).toBe(200);
  });

  it("an expired link (after 24 h) and an unknown one are refused in words and verify nothing", async () => {
    await signUp("late@example.com");
    const token = await linkToken("late@example.com", "verify_email");
    advance(24 * 3600_000);
    const expired = await api("POST", "/verification", { body: { token } });
    const expiry = new Date(T0.getTime() + 24 * 3600_000).toISOString();
    expect([expired.status, expired.body]).toEqual([
      400,
      bad(
        `This verification link expired at ${expiry}; sign in and choose “send the link again”.`,
        `body.token=(expired at ${expiry})`,
      ),
    ]);
    const unknown = await api("POST", "/verification", { body: { token: "A".repeat(43) } });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      bad(
        "This verification link is not valid: it may have been mistyped or cut short; sign in and choose “send the link again”.",
        "body.token=(not shown)",
      ),
    ]);
    const cut = await api("POST", "/verification", { body: { token: token.slice(0, 20) } });
    expect([cut.status, cut.body]).toEqual([
      400,
      bad("token: this link is not complete; copy the whole link from the email", "body.token=(not shown)"),
    ]);
    expect((await userByEmail("late@example.com")).emailVerifiedAt).toBeNull();
  });

  it("a reset link is not a verification link", async () => {
    await signUp("mixed@example.com");
    await askReset("mixed@example.com");
    const response = await api("POST", "/verification", {
      body: { token: await linkToken("mixed@example.com", "password_reset") },
    });
    expect(response.status).toBe(400);
    expect((await userByEmail("mixed@example.com")).emailVerifiedAt).toBeNull();
  });

  it("a verification link stops working when a new one is sent", async () => {
    await signUp("newest@example.com");
    const first = await linkToken("newest@example.com", "verify_email");
    advance(1000);
    const session = await sessionFor("newest@example.com");
    expect((await api("POST", "/verification/resend", { headers: session })).status).toBe(202);
    const second = await linkToken("newest@example.com", "verify_email");
    expect(second).not.toBe(first);
    const old = await api("POST", "/verification", { body: { token: first } });
    const at = new Date(clockMs).toISOString();
    expect([old.status, old.body]).toEqual([
      400,
      bad(
        `This verification link expired at ${at}; sign in and choose “send the link again”.`,
        `body.token=(expired at ${at})`,
      ),
    ]);
    expect((await userByEmail("newest@example.com")).emailVerifiedAt).toBeNull();
    expect((await api("POST", "/verification", { body: { token: second } })).status).toBe(200);
  });

  it("resend queues a new working link, throttled to 5 an hour; a verified person has nothing to resend", async () => {
    await signUp("again@example.com");
    const session = await sessionFor("again@example.com");
    for (let i = 0; i < 5; i++) {
      const response = await api("POST", "/verification/resend", { headers: session });
      expect([response.status, response.body]).toEqual([
        202,
        { message: "We have sent the verification link again. Follow it within 24 hours." },
      ]);
    }
    expect((await api("POST", "/verification/resend", { headers: session })).status).toBe(429);
    expect((await emailsTo("again@example.com")).length).toBe(6);
    const verified = await api("POST", "/verification", {
      body: { token: await linkToken("again@example.com", "verify_email") },
    });
    expect(verified.status).toBe(200);
    advance(3600_000);
    const nothing = await api("POST", "/verification/resend", { headers: session });
    expect([nothing.status, nothing.body]).toEqual([
      400,
      bad("Your email is already verified; there is nothing to send.", ""),
    ]);
    expect((await api("POST", "/verification/resend")).status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the email has an account, and mails only a known one", async () => {
    const known = await api("POST", "/password-reset", { body: { email: demoUsers.acmeCustomer.email } });
    const unknown = await api("POST", "/password-reset", { body: { email: "nobody@example.com" } });
    expect([known.status, known.body]).toEqual([202, RESET_ACCEPTED]);
    expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(known.body));
    expect(unknown.status).toBe(202);
    // The request itself queues nothing: the worker's step makes the email.
    expect(await emailsTo(demoUsers.acmeCustomer.email)).toEqual([]);
    expect(await actOnPasswordResetRequests({ now: new Date(clockMs) })).toBe(2);
    expect((await emailsTo(demoUsers.acmeCustomer.email)).map((email) => email.kind)).toEqual([
      "password_reset",
    ]);
    expect(await emailsTo("nobody@example.com")).toEqual([]);
  });

  it("the link sets the new password once, ends the person's sessions, and the old password stops working", async () => {
    await signUp("reset@example.com");
    const oldSession = await sessionFor("reset@example.com", clockMs - 1000);
    expect((await get("/orders", { headers: oldSession })).status).toBe(200);
    advance(1000); // audit entries are listed by time below: one moment each
    await askReset("reset@example.com");
    const token = await linkToken("reset@example.com", "password_reset");
    advance(59 * 60_000);
    const weak = await api("POST", "/password-reset/confirm", { body: { token, password: "password1234" } });
    expect(weak.status).toBe(400);
    const done = await api("POST", "/password-reset/confirm", {
      body: { token, password: "a new and longer phrase" },
    });
    expect([done.status, done.body]).toEqual([
      200,
      {
        message: "Your password is set. You have been signed out everywhere; sign in with the new password.",
      },
    ]);
    const user = await userByEmail("reset@example.com");
    expect(await verifyPassword("a new and longer phrase", user.passwordHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(false);
    // The reset proved the address too.
    expect(user.emailVerifiedAt).toEqual(new Date(clockMs));
    expect((await get("/orders", { headers: oldSession })).status).toBe(401);
    const reused = await api("POST", "/password-reset/confirm", {
      body: { token, password: "yet another long phrase" },
    });
    expect([reused.status, reused.body]).toEqual([
      400,
      bad(
        "This password reset link has already been used; a link works once. If you did not use it, ask for a new one.",
        `body.token=(used at ${new Date(clockMs).toISOString()})`,
      ),
    ]);
    const prisma = await getPrisma();
    const actions = await prisma.auditEvent.findMany({
      where: { organizationId: user.organizationId },
      orderBy: { at: "asc" },
      select: { action: true, changes: true },
    });
    expect(actions).toEqual([
      { action: "organization.signed_up", changes: expect.any(Array) as unknown },
      { action: "user.password_reset_requested", changes: [] },
      {
        action: "user.password_reset",
        changes: [{ field: "password", from: "[redacted]", to: "[redacted]" }],
      },
    ]);
  });

  it("a link older than an hour is refused and the password stays", async () => {
    await signUp("slow@example.com");
    await askReset("slow@example.com");
    const token = await linkToken("slow@example.com", "password_reset");
    advance(3600_000);
    const response = await api("POST", "/password-reset/confirm", {
      body: { token, password: "a new and longer phrase" },
    });
    const expiry = new Date(T0.getTime() + 3600_000).toISOString();
    expect([response.status, response.body]).toEqual([
      400,
      bad(
        `This password reset link expired at ${expiry}; ask for a new one on the forgot-password page.`,
        `body.token=(expired at ${expiry})`,
      ),
    ]);
    expect(await verifyPassword(PASSWORD, (await userByEmail("slow@example.com")).passwordHash)).toBe(true);
  });

  it("a newer reset makes the older links stop working", async () => {
    await signUp("twice@example.com");
    await askReset("twice@example.com");
    const first = await linkToken("twice@example.com", "password_reset");
    await askReset("twice@example.com");
    const second = await linkToken("twice@example.com", "password_reset");
    expect(
      (
        await api("POST", "/password-reset/confirm", {
          body: { token: second, password: "a new and longer phrase" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api("POST", "/password-reset/confirm", {
          body: { token: first, password: "another long phrase!" },
        })
      ).status,
    ).toBe(400);
  });

  it("is throttled per email (5 an hour, from any address), with the same answer for unknown emails", async () => {
    for (const email of ["nobody@example.com", demoUsers.acmeCustomer.email]) {
      for (let i = 0; i < 5; i++) expect((await askReset(email, from(`192.0.2.${i}`))).status).toBe(202);
      const refused = await askReset(email, from("192.0.2.99"));
      expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "3600"]);
    }
    expect((await emailsTo(demoUsers.acmeCustomer.email)).length).toBe(5);
  });
});
