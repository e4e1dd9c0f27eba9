import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { resolvePrincipal } from "@/lib/auth/principal";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { scopes } from "@/lib/schemas/scopes";
import { SIGN_IN_THROTTLE, SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { SignInRefused, verifyCredentials } from "@/lib/auth/credentials";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";

async function requestWithSession(
  claims: Record<string, unknown>,
  options: { secure?: boolean; maxAge?: number; headers?: Record<string, string> } = {},
) {
  const value = await encode({ token: claims, secret: getSessionSecret(), maxAge: options.maxAge });
  return new Request("http://localhost:3000/api/v2/countries", {
    headers: {
      cookie: `other=1; ${sessionCookieName(options.secure ?? false)}=${value}`,
      ...options.headers,
    },
  });
}

const customer = demoUsers.acmeCustomer;
const claimsOf = (user: (typeof demoUsers)[keyof typeof demoUsers]) => ({
  sub: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  organizationId: user.organizationId,
});

describe("the session principal", () => {
  it("is the signed-in user with every scope", async () => {
    const principal = await resolvePrincipal(await requestWithSession(claimsOf(customer)));
    expect(principal).toEqual({
      kind: "session",
      id: customer.id,
      organizationId: "org_acme",
      role: "owner",
      scopes,
      userId: customer.id,
      tokenId: null,
      emailVerified: true,
    });
  });

  it("takes the role and organization from the database, not from the cookie", async () => {
    const principal = await resolvePrincipal(
      await requestWithSession({ ...claimsOf(customer), role: "support", organizationId: "org_globex" }),
    );
    expect(principal).toMatchObject({ role: "owner", organizationId: "org_acme" });
  });

  it.each([
    {
      name: "an unknown user",
      request: () => requestWithSession({ ...claimsOf(customer), sub: "usr_nobody" }),
    },
    { name: "an expired session", request: () => requestWithSession(claimsOf(customer), { maxAge: -60 }) },
    {
      name: "the https cookie on plain http",
      request: () => requestWithSession(claimsOf(customer), { secure: true }),
    },
    { name: "no cookie at all", request: async () => new Request("http://localhost:3000/api/v2/countries") },
  ])("is null for $name", async ({ request }) => {
    expect(await resolvePrincipal(await request())).toBeNull();
  });

  it("reads the __Secure- cookie when the proxy says https", async () => {
    const request = await requestWithSession(claimsOf(demoUsers.support), {
      secure: true,
      headers: { "x-forwarded-proto": "https" },
    });
    expect(await resolvePrincipal(request)).toMatchObject({
      kind: "session",
      role: "support",
      organizationId: "org_operator",
    });
  });

  it("gives way to an Authorization header", async () => {
    const request = await requestWithSession(claimsOf(customer), {
      headers: { authorization: "Bearer npk_test_globex_all_scopes_000000000000000" },
    });
    expect(await resolvePrincipal(request)).toMatchObject({ kind: "token", organizationId: "org_globex" });
  });
});

describe("verifyCredentials", () => {
  it("accepts the demo password with the email in any case", async () => {
    const user = await verifyCredentials(
      { email: " Customer@ACME.example ", password: DEFAULT_DEMO_PASSWORD },
      "10.0.0.1",
      new SignInThrottle(memoryStore()),
    );
    expect(user).toEqual({
      userId: customer.id,
      email: customer.email,
      name: customer.name,
      role: "owner",
      organizationId: "org_acme",
    });
  });

  it.each([
    { name: "a wrong password", input: { email: customer.email, password: "wrong" } },
    { name: "an unknown email", input: { email: "nobody@acme.example", password: DEFAULT_DEMO_PASSWORD } },
    { name: "a malformed email", input: { email: "not an email", password: "x" } },
    { name: "no input", input: undefined },
  ])("refuses $name as CredentialsSignin", async ({ input }) => {
    await expect(verifyCredentials(input, "10.0.0.1", new SignInThrottle(memoryStore()))).rejects.toEqual(
      new SignInRefused("CredentialsSignin"),
    );
  });

  it("refuses even the right password after ten failures from any addresses, saying how long to wait", async () => {
    // A clock stopped at the start of a one-minute slot: ten bcrypt checks on a busy machine
    // can cross into the next slot, and the wait would then read 14 minutes.
    const slotStart = Math.floor(Date.now() / SIGN_IN_THROTTLE.slotMs) * SIGN_IN_THROTTLE.slotMs;
    const throttle = new SignInThrottle(memoryStore(), SIGN_IN_THROTTLE, () => slotStart);
    for (let i = 0; i < 10; i++) {
      await expect(
        verifyCredentials({ email: customer.email, password: "wrong" }, `10.0.0.${i}`, throttle),
      ).rejects.toEqual(new SignInRefused("CredentialsSignin"));
    }
    await expect(
      verifyCredentials({ email: customer.email, password: DEFAULT_DEMO_PASSWORD }, "10.0.0.99", throttle),
    ).rejects.toEqual(new SignInRefused("throttled:15"));
    await expect(
      verifyCredentials(
        { email: customer.email.toUpperCase(), password: DEFAULT_DEMO_PASSWORD },
        null,
        throttle,
      ),
    ).rejects.toEqual(new SignInRefused("throttled:15"));
    // Another account from those addresses is not held up.
    await expect(
      verifyCredentials(
        { email: demoUsers.support.email, password: DEFAULT_DEMO_PASSWORD },
        "10.0.0.1",
        throttle,
      ),
    ).resolves.toMatchObject({ userId: demoUsers.support.id });
  });

  it("forgets an email's failures once its password is given", async () => {
    // Three attempts a quarter hour: without the reset, the third (right) one would spend the budget.
    const throttle = new SignInThrottle(memoryStore(), { ...SIGN_IN_THROTTLE, perEmail: 3 });
    for (let i = 0; i < 2; i++)
      await expect(
        verifyCredentials({ email: customer.email, password: "wrong" }, "10.0.0.1", throttle),
      ).rejects.toThrow();
    await expect(
      verifyCredentials({ email: customer.email, password: DEFAULT_DEMO_PASSWORD }, "10.0.0.1", throttle),
    ).resolves.toMatchObject({ userId: customer.id });
    expect(await throttle.retryAfterMs(customer.email, null)).toBe(0);
  });
});
