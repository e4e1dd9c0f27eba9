import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { verifyPassword } from "@/lib/auth/passwords";
import { getPrisma } from "@/lib/db/client";
import { RESET_ACCEPTED } from "@/lib/accounts/endpoints";
import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";
import { demoUsers } from "@/prisma/seed/fixtures";
import {
  PASSWORD,
  T0,
  advance,
  askReset,
  bad,
  clockMs,
  emailsTo,
  from,
  linkToken,
  sessionFor,
  signUp,
  startEachTestAtT0,
  userByEmail,
} from "@/app/api/v2/signup/accounts-fixtures";

// Password reset through the routes (docs/CONTRACT.md §15), on a clock the test moves: the same
// answer for any email, the link used once, its expiry and throttle.

startEachTestAtT0();

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
