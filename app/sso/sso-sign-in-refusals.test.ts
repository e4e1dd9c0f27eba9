import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { OAuth2Server } from "oauth2-mock-server";
import { getPrisma } from "@/lib/db/client";
import { GET as start } from "@/app/sso/start/route";
import { GET as callback } from "@/app/sso/callback/route";
import { connectAcme, sessionOf, SITE, ssoSignIn } from "@/tests/sso-flow";
import { memoryStore } from "@/lib/counters/stores";
import { RateLimiter, setRateLimiter } from "@/lib/api/rate-limit";
import {
  acme,
  DOMAIN,
  globex,
  issuer,
  nextIdToken,
  provider,
  runProviderForEachTest,
  type Payload,
} from "@/app/sso/sso-test-provider";

// What a sign-in through an organization's provider refuses, against a real OpenID Connect
// provider on loopback (app/sso/sso-test-provider.ts): each refusal is made by changing what it
// signs or sends, never by replacing code of ours.

async function failures() {
  const prisma = await getPrisma();
  const rows = await prisma.auditEvent.findMany({
    where: { action: "sign_in.failed" },
    orderBy: { at: "asc" },
  });
  return rows.map((row) => ({ organizationId: row.organizationId, changes: row.changes }));
}

runProviderForEachTest();

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
