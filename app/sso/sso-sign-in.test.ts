import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { getPrisma } from "@/lib/db/client";
import { connectAcme, portalUserOf, sessionOf, SITE, ssoSignIn } from "@/tests/sso-flow";
import { SignInRefused, verifyCredentials } from "@/lib/auth/credentials";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import {
  acme,
  DOMAIN,
  globex,
  issuer,
  nextIdToken,
  runProviderForEachTest,
} from "@/app/sso/sso-test-provider";

// Signing in through an organization's provider, against a real OpenID Connect provider on
// loopback (app/sso/sso-test-provider.ts); a connection that is required, and one disconnected.
// Each refusal of a sign-in is in sso-sign-in-refusals.test.ts.

runProviderForEachTest();

describe("signing in through the provider", () => {
  it("sends the person with PKCE, state and nonce, and makes them a member with the default role", async () => {
    nextIdToken((payload) =>
      Object.assign(payload, { email: `Jane@${DOMAIN}`, email_verified: true, name: "Jane Roe" }),
    );
    const { answer, authorizeUrl } = await ssoSignIn(`jane@${DOMAIN}`);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizeUrl.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizeUrl.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${SITE}/sso/callback`);

    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${SITE}/numbers`);
    const session = sessionOf(answer) as string;
    const user = await portalUserOf(session);
    expect(user).toMatchObject({
      email: `jane@${DOMAIN}`,
      name: "Jane Roe",
      role: "developer",
      organizationId: acme,
      emailVerified: true,
    });
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: { actorId: user?.userId, action: { in: ["sign_in.succeeded", "member.joined"] } },
      orderBy: { action: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.organizationId, entry.changes])).toEqual([
      [
        "member.joined",
        acme,
        [
          { field: "role", from: null, to: "developer" },
          { field: "method", from: null, to: "sso" },
        ],
      ],
      ["sign_in.succeeded", acme, [{ field: "method", from: null, to: "sso" }]],
    ]);

    // A second sign-in is the same member, not a new one.
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const again = await ssoSignIn(`jane@${DOMAIN}`);
    expect((await portalUserOf(sessionOf(again.answer) as string))?.userId).toBe(user?.userId);
    expect(await prisma.user.count({ where: { email: `jane@${DOMAIN}` } })).toBe(1);
  });

  it("takes the organization from the connection, never from a claim", async () => {
    nextIdToken((payload) =>
      Object.assign(payload, {
        email: `mallory@${DOMAIN}`,
        email_verified: true,
        organization_id: globex,
        organizationId: globex,
        role: "owner",
      }),
    );
    const { answer } = await ssoSignIn(`mallory@${DOMAIN}`);
    const user = await portalUserOf(sessionOf(answer) as string);
    expect([user?.organizationId, user?.role]).toEqual([acme, "developer"]);
  });

  it("does not ask for two-factor sign-in, which the provider's own rules stand in for", async () => {
    const prisma = await getPrisma();
    await prisma.organization.update({ where: { id: acme }, data: { requireTwoFactor: true } });
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const { answer } = await ssoSignIn(`jane@${DOMAIN}`);
    expect((await portalUserOf(sessionOf(answer) as string))?.twoFactorSetupRequired).toBe(false);
  });
});

describe("a required connection", () => {
  const throttle = () => new SignInThrottle(memoryStore());

  it("refuses members a password sign-in with sso_required, but not owners", async () => {
    const prisma = await getPrisma();
    await prisma.ssoConnection.deleteMany({});
    await connectAcme(issuer, { required: true });
    const admin = demoUsers.acmeAdmin;
    await expect(
      verifyCredentials({ email: admin.email, password: DEFAULT_DEMO_PASSWORD }, null, throttle()),
    ).rejects.toEqual(new SignInRefused("sso_required"));
    const owner = demoUsers.acmeCustomer;
    const signedIn = await verifyCredentials(
      { email: owner.email, password: DEFAULT_DEMO_PASSWORD },
      null,
      throttle(),
    );
    expect(signedIn.userId).toBe(owner.id);
    // A wrong password says nothing about the connection.
    await expect(
      verifyCredentials({ email: admin.email, password: "wrong" }, null, throttle()),
    ).rejects.toEqual(new SignInRefused("CredentialsSignin"));
    const refused = await prisma.auditEvent.findFirstOrThrow({
      where: { action: "sign_in.failed", actorId: admin.id, changes: { not: [] } },
    });
    expect(refused.changes).toEqual([{ field: "reason", from: null, to: "sso_required" }]);
  });

  it("ends the members' password sessions when turned on, not the owners' nor those made through the provider", async () => {
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const ssoSession = sessionOf((await ssoSignIn(`jane@${DOMAIN}`)).answer) as string;
    const admin = await sessionHeaders("acmeAdmin");
    const owner = await sessionHeaders("acmeCustomer");
    const otherOrganization = await sessionHeaders("globexCustomer");
    const sessions = [ssoSession, admin.cookie, owner.cookie, otherOrganization.cookie];
    const valid = async () =>
      Promise.all(sessions.map(async (cookie) => (await portalUserOf(cookie)) !== null));
    expect(await valid()).toEqual([true, true, true, true]);
    expect((await api("GET", "/members", { headers: admin })).status).toBe(200);

    const put = await api("PUT", "/organization/sso", {
      headers: owner,
      body: {
        issuer,
        client_id: "numbers-portal",
        domains: [DOMAIN],
        default_role: "developer",
        required: true,
      },
    });
    expect(put.status).toBe(200);
    expect(await valid()).toEqual([true, false, true, true]);
    const refused = await api("GET", "/members", { headers: admin });
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([
      401,
      "unauthorized",
    ]);

    // Turned off again, a password sign-in is allowed again (and the old session with it).
    const off = await api("PUT", "/organization/sso", {
      headers: owner,
      body: {
        issuer,
        client_id: "numbers-portal",
        domains: [DOMAIN],
        default_role: "developer",
        required: false,
      },
    });
    expect(off.status).toBe(200);
    expect(await valid()).toEqual([true, true, true, true]);
  });

  it("leaves other organizations' members alone", async () => {
    await connectAcme(issuer, { required: true });
    const other = demoUsers.globexCustomer;
    const signedIn = await verifyCredentials(
      { email: other.email, password: DEFAULT_DEMO_PASSWORD },
      null,
      throttle(),
    );
    expect(signedIn.organizationId).toBe(globex);
  });
});

describe("disconnecting", () => {
  it("ends the sessions made through the provider, and only those", async () => {
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const { answer } = await ssoSignIn(`jane@${DOMAIN}`);
    const ssoSession = sessionOf(answer) as string;
    expect(await portalUserOf(ssoSession)).not.toBeNull();
    const owner = await sessionHeaders("acmeCustomer");
    expect((await api("DELETE", "/organization/sso", { headers: owner })).status).toBe(204);
    expect(await portalUserOf(ssoSession)).toBeNull();
    expect(await portalUserOf(owner.cookie)).not.toBeNull();
    // Connecting again does not bring the old sessions back.
    await connectAcme(issuer);
    expect(await portalUserOf(ssoSession)).toBeNull();
  });

  it("a new client ends them too; a change of domains, role or requirement does not", async () => {
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const ssoSession = sessionOf((await ssoSignIn(`jane@${DOMAIN}`)).answer) as string;
    const owner = await sessionHeaders("acmeCustomer");
    const body = {
      issuer,
      client_id: "numbers-portal",
      domains: [DOMAIN, "more.example"],
      default_role: "viewer",
    };
    const same = await api("PUT", "/organization/sso", { headers: owner, body: { ...body, required: true } });
    expect(same.status).toBe(200);
    expect(await portalUserOf(ssoSession)).not.toBeNull();
    const moved = await api("PUT", "/organization/sso", {
      headers: owner,
      body: { ...body, client_id: "another-client", client_secret: "another secret" },
    });
    expect(moved.status).toBe(200);
    expect(await portalUserOf(ssoSession)).toBeNull();
    // The verified domain stayed verified through the change.
    expect((moved.body as { domains: unknown[] }).domains).toContainEqual({
      domain: DOMAIN,
      verified: true,
      verified_at: expect.any(String),
    });
  });
});
