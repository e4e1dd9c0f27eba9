import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAuth2Server } from "oauth2-mock-server";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { getPrisma } from "@/lib/db/client";
import { GET as start } from "@/app/sso/start/route";
import { GET as callback } from "@/app/sso/callback/route";
import { connectAcme, portalUserOf, sessionOf, SITE, SSO_DOMAIN, ssoSignIn } from "@/tests/sso-flow";
import { SignInRefused, verifyCredentials } from "@/lib/auth/credentials";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { RateLimiter, setRateLimiter } from "@/lib/api/rate-limit";
import { DEFAULT_DEMO_PASSWORD, demoOrganizations, demoUsers } from "@/prisma/seed/fixtures";

// Signing in through an organization's provider, against a real OpenID Connect provider on
// loopback (oauth2-mock-server): its discovery document, keys, authorization and token
// endpoints answer as a provider does, and each refusal below is made by changing what it
// signs or sends, never by replacing code of ours.

const DOMAIN = SSO_DOMAIN;
const acme = demoOrganizations.acme.id;
const globex = demoOrganizations.globex.id;

let provider: OAuth2Server;
let issuer: string;

type Payload = Record<string, unknown>;
/** Changes the next ID token the provider signs (the access token, which has a scope, is left alone). */
function nextIdToken(change: (payload: Payload) => void) {
  const listener = (token: { payload: Payload }) => {
    if ("scope" in token.payload) return;
    change(token.payload);
    provider.service.off("beforeTokenSigning", listener);
  };
  provider.service.on("beforeTokenSigning", listener);
}

async function failures() {
  const prisma = await getPrisma();
  const rows = await prisma.auditEvent.findMany({
    where: { action: "sign_in.failed" },
    orderBy: { at: "asc" },
  });
  return rows.map((row) => ({ organizationId: row.organizationId, changes: row.changes }));
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  issuer = provider.issuer.url as string;
});

afterAll(async () => {
  await provider.stop();
});

beforeEach(async () => {
  provider.service.removeAllListeners();
  const prisma = await getPrisma();
  await prisma.ssoConnection.deleteMany({});
  await prisma.user.deleteMany({ where: { email: { endsWith: `@${DOMAIN}` } } });
  await prisma.auditEvent.deleteMany({ where: { action: { startsWith: "sign_in." } } });
  await prisma.organization.updateMany({ data: { requireTwoFactor: false } });
  await connectAcme(issuer);
});

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

describe("refusals", () => {
  it.each([
    {
      name: "a wrong issuer",
      reason: "wrong_issuer",
      change: (p: Payload) => (p.iss = "https://other.example"),
    },
    {
      name: "a wrong audience",
      reason: "wrong_audience",
      change: (p: Payload) => (p.aud = "another-client"),
    },
    {
      name: "an expired token",
      reason: "token_expired",
      change: (p: Payload) => Object.assign(p, { exp: Math.floor(Date.now() / 1000) - 120 }),
    },
    { name: "a missing nonce", reason: "nonce_mismatch", change: (p: Payload) => delete p.nonce },
    {
      name: "a wrong nonce",
      reason: "nonce_mismatch",
      change: (p: Payload) => (p.nonce = "not-the-one-sent"),
    },
    {
      name: "email_verified false",
      reason: "email_unverified",
      change: (p: Payload) => (p.email_verified = false),
    },
    {
      name: "no email_verified",
      reason: "email_unverified",
      change: (p: Payload) => delete p.email_verified,
    },
    {
      name: "an email outside the domains",
      reason: "email_outside_domains",
      change: (p: Payload) => (p.email = "jane@elsewhere.example"),
    },
  ])("refuses $name: back to /sign-in with the reason, no session, no member", async ({ reason, change }) => {
    nextIdToken((payload) => {
      Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true });
      change(payload);
    });
    const { answer } = await ssoSignIn(`jane@${DOMAIN}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_${reason}`);
    expect(sessionOf(answer)).toBeUndefined();
    const prisma = await getPrisma();
    expect(await prisma.user.count({ where: { email: { endsWith: `@${DOMAIN}` } } })).toBe(0);
    const [failure] = await failures();
    expect(failure.organizationId).toBe(acme);
    expect(failure.changes).toEqual([
      { field: "method", from: null, to: "sso" },
      { field: "reason", from: null, to: reason },
    ]);
  });

  it("refuses an ID token signed with another key", async () => {
    const forger = new OAuth2Server();
    await forger.issuer.keys.generate("RS256");
    forger.issuer.url = issuer;
    const [real] = provider.issuer.keys.toJSON() as Array<{ kid: string }>;
    const { answer } = await ssoSignIn(`jane@${DOMAIN}`, async (authorizeUrl) => {
      // Everything right but the key: the provider's issuer, our client, the nonce sent, and
      // the provider's own key id, so only the signature can tell.
      forger.issuer.once("beforeSigning", (token: { header: Record<string, unknown> }) => {
        token.header.kid = real.kid;
      });
      const forged = await forger.issuer.buildToken({
        scopesOrTransform: (_header, payload) =>
          Object.assign(payload, {
            sub: "johndoe",
            aud: "numbers-portal",
            nonce: authorizeUrl.searchParams.get("nonce"),
            email: `jane@${DOMAIN}`,
            email_verified: true,
          }),
      });
      provider.service.once("beforeResponse", (response: { body: Record<string, unknown> }) => {
        response.body.id_token = forged;
      });
    });
    expect(answer.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_bad_signature`);
    expect(sessionOf(answer)).toBeUndefined();
    expect((await failures()).map((failure) => failure.changes)).toEqual([
      [
        { field: "method", from: null, to: "sso" },
        { field: "reason", from: null, to: "bad_signature" },
      ],
    ]);
  });

  it("refuses a replayed state, and a state from another browser", async () => {
    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const { answer, back, cookie } = await ssoSignIn(`jane@${DOMAIN}`);
    expect(sessionOf(answer)).toBeDefined();
    const replayed = await callback(new Request(back, { headers: { cookie } }));
    expect(replayed.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_state_invalid`);
    expect(sessionOf(replayed)).toBeUndefined();

    nextIdToken((payload) => Object.assign(payload, { email: `jane@${DOMAIN}`, email_verified: true }));
    const started = await start(new Request(`${SITE}/sso/start?email=jane@${DOMAIN}`));
    const atProvider = await fetch(started.headers.get("location") as string, { redirect: "manual" });
    const elsewhere = await callback(
      new Request(atProvider.headers.get("location") as string, {
        headers: { cookie: "sso-state=someone-elses" },
      }),
    );
    expect(elsewhere.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_state_invalid`);
    expect(sessionOf(elsewhere)).toBeUndefined();
  });

  it("refuses an email that belongs to a member of another organization", async () => {
    const prisma = await getPrisma();
    await prisma.user.create({
      data: {
        id: "usr_sso_globex",
        organizationId: globex,
        email: `taken@${DOMAIN}`,
        name: "Taken",
        role: "viewer",
        passwordHash: "x",
      },
    });
    nextIdToken((payload) => Object.assign(payload, { email: `taken@${DOMAIN}`, email_verified: true }));
    const { answer } = await ssoSignIn(`taken@${DOMAIN}`);
    expect(answer.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_email_in_another_organization`);
    expect(sessionOf(answer)).toBeUndefined();
  });

  it("answers a provider that does not answer with a clear page, not a 500", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const prisma = await getPrisma();
    await prisma.ssoConnection.deleteMany({});
    await connectAcme(`http://127.0.0.1:${closed}`);
    const started = await start(new Request(`${SITE}/sso/start?email=jane@${DOMAIN}`));
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(
      `${SITE}/sign-in?error=sso_provider_unavailable&email=jane%40${DOMAIN}`,
    );
    expect(await failures()).toEqual([
      {
        organizationId: acme,
        changes: [
          { field: "method", from: null, to: "sso" },
          { field: "reason", from: null, to: "provider_unavailable" },
        ],
      },
    ]);
  });

  it("sends a client that starts too many sign-ins back, before anything is stored or fetched", async () => {
    setRateLimiter(new RateLimiter(memoryStore(), { limits: { default: 1, orders: 1 }, windowMs: 60_000 }));
    try {
      const from = { "x-forwarded-for": "203.0.113.9" };
      const first = await start(new Request(`${SITE}/sso/start?email=jane@${DOMAIN}`, { headers: from }));
      expect(new URL(first.headers.get("location") as string).origin).toBe(issuer);
      const second = await start(new Request(`${SITE}/sso/start?email=jane@${DOMAIN}`, { headers: from }));
      expect(second.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_throttled`);
      const prisma = await getPrisma();
      expect(await prisma.ssoSignIn.count()).toBe(1);
    } finally {
      setRateLimiter(
        new RateLimiter(memoryStore(), { limits: { default: 1e9, orders: 1e9 }, windowMs: 60_000 }),
      );
    }
  });

  it("sends an email of no connected domain back to the password", async () => {
    const started = await start(new Request(`${SITE}/sso/start?email=jane@unconnected.example`));
    expect(started.headers.get("location")).toBe(
      `${SITE}/sign-in?error=sso_unknown_domain&email=jane%40unconnected.example`,
    );
    const bad = await start(new Request(`${SITE}/sso/start?email=not-an-email`));
    expect(bad.headers.get("location")).toBe(`${SITE}/sign-in?error=sso_email_invalid`);
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
