import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import {
  T0,
  advance,
  askReset,
  bad,
  clockMs,
  emailsTo,
  linkToken,
  sessionFor,
  signUp,
  startEachTestAtT0,
  userByEmail,
} from "@/app/api/v2/signup/accounts-fixtures";

// Email verification through the routes (docs/CONTRACT.md §15), on a clock the test moves: the
// link, its expiry, and what an unverified person may not do.

startEachTestAtT0();

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
