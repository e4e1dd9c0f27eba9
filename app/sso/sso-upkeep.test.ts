import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";
import { getPrisma } from "@/lib/db/client";
import { finishSignIn, startSignIn } from "@/lib/api/sso-flow";
import { PROVIDER_METADATA_TTL_MS } from "@/lib/sso/provider";
import { SSO_SIGN_IN_TTL_MS, sweepExpiredSsoSignIns } from "@/lib/sso/sign-in";
import { connectAcme, portalUserOf, sessionOf, SITE, SSO_DOMAIN, ssoSignIn } from "@/tests/sso-flow";

// What single sign-on keeps between sign-ins, against a real provider on loopback
// (oauth2-mock-server's service behind a server of the test's own that counts what is asked of
// it): the provider's discovery document and keys read once per issuer for a bounded time and
// again once for a key id not seen before; sign-ins whose person never came back swept by the
// worker; a person's first sign-in in two tabs at once.

const issuer = new OAuth2Issuer();
const service = new OAuth2Service(issuer);
const reads = new Map<string, number>();
let server: Server;
const DISCOVERY = "/.well-known/openid-configuration";
const KEYS = "/jwks";
const readsOf = () => ({ discovery: reads.get(DISCOVERY) ?? 0, keys: reads.get(KEYS) ?? 0 });

beforeAll(async () => {
  await issuer.keys.generate("RS256");
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://provider").pathname;
    reads.set(path, (reads.get(path) ?? 0) + 1);
    service.requestHandler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Every ID token names the person the portal sent (login_hint), with a verified email.
  const hints = new Map<string, string>();
  service.on(
    "beforeAuthorizeRedirect",
    (redirect: { url: URL }, request: { query: Record<string, unknown> }) =>
      hints.set(redirect.url.searchParams.get("code") ?? "", String(request.query.login_hint)),
  );
  service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, request: { body: Record<string, unknown> }) => {
      if ("scope" in token.payload) return;
      Object.assign(token.payload, { email: hints.get(String(request.body.code)), email_verified: true });
    },
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.ssoConnection.deleteMany({});
  await prisma.user.deleteMany({ where: { email: { endsWith: `@${SSO_DOMAIN}` } } });
  await connectAcme(issuer.url as string);
});

/** The provider's next ID token signed with `kid` (a key it holds, published or not). */
function nextIdTokenSignedWith(signer: OAuth2Issuer, kid: string) {
  return async (authorizeUrl: URL) => {
    const idToken = await signer.buildToken({
      kid,
      scopesOrTransform: (header, payload) => {
        header.kid = kid;
        Object.assign(payload, {
          iss: issuer.url,
          sub: "jane",
          aud: "numbers-portal",
          nonce: authorizeUrl.searchParams.get("nonce"),
          email: `jane@${SSO_DOMAIN}`,
          email_verified: true,
        });
      },
    });
    service.once("beforeResponse", (response: { body: Record<string, unknown> }) => {
      response.body.id_token = idToken;
    });
  };
}

const landing = (answer: Response) => answer.headers.get("location");

describe("the provider's discovery document and keys", () => {
  it("are read once per issuer for a bounded time, and the keys again once for an unknown key id", async () => {
    const t0 = new Date("2031-03-01T10:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    reads.clear();
    // Far from any earlier test's clock: the first sign-in reads both, the next ones nothing.
    expect(landing((await ssoSignIn(`jane@${SSO_DOMAIN}`, undefined, at(0))).answer)).toBe(`${SITE}/numbers`);
    expect(readsOf()).toEqual({ discovery: 1, keys: 1 });
    expect(landing((await ssoSignIn(`jane@${SSO_DOMAIN}`, undefined, at(1))).answer)).toBe(`${SITE}/numbers`);
    expect(landing((await ssoSignIn(`jane@${SSO_DOMAIN}`, undefined, at(2))).answer)).toBe(`${SITE}/numbers`);
    expect(readsOf()).toEqual({ discovery: 1, keys: 1 });

    // The provider rotates: it publishes a new key and signs with it. One read of the keys.
    const rotated = await issuer.keys.generate("RS256");
    const afterRotation = await ssoSignIn(
      `jane@${SSO_DOMAIN}`,
      nextIdTokenSignedWith(issuer, rotated.kid),
      at(3),
    );
    expect(landing(afterRotation.answer)).toBe(`${SITE}/numbers`);
    expect(readsOf()).toEqual({ discovery: 1, keys: 2 });

    // A key id the provider never published: read once, refused; the same id again reads nothing.
    const forger = new OAuth2Issuer();
    forger.url = issuer.url;
    const forged = await forger.keys.generate("RS256");
    for (const minute of [4, 5]) {
      const refused = await ssoSignIn(
        `jane@${SSO_DOMAIN}`,
        nextIdTokenSignedWith(forger, forged.kid),
        at(minute),
      );
      expect(landing(refused.answer)).toBe(`${SITE}/sign-in?error=sso_bad_signature`);
      expect(sessionOf(refused.answer)).toBeUndefined();
    }
    expect(readsOf()).toEqual({ discovery: 1, keys: 3 });

    // Past the time they are kept, both are read again.
    const later = at(PROVIDER_METADATA_TTL_MS / 60_000 + 1);
    expect(landing((await ssoSignIn(`jane@${SSO_DOMAIN}`, undefined, later)).answer)).toBe(`${SITE}/numbers`);
    expect(readsOf()).toEqual({ discovery: 2, keys: 4 });
  });
});

describe("a person's first sign-in in two tabs at once", () => {
  it("makes one member and signs both tabs in as that member", async () => {
    const email = `twice@${SSO_DOMAIN}`;
    // Both tabs go to the provider and come back; then both callbacks arrive together.
    const tabs = await Promise.all(
      [1, 2].map(async () => {
        const started = await startSignIn(new Request(`${SITE}/sso/start?email=${email}`), new Date());
        const cookie = (started.headers.getSetCookie()[0] ?? "").split(";")[0];
        const atProvider = await fetch(started.headers.get("location") as string, { redirect: "manual" });
        return { back: atProvider.headers.get("location") as string, cookie };
      }),
    );
    const answers = await Promise.all(
      tabs.map((tab) => finishSignIn(new Request(tab.back, { headers: { cookie: tab.cookie } }), new Date())),
    );
    expect(answers.map((answer) => [answer.status, landing(answer)])).toEqual([
      [303, `${SITE}/inventory`],
      [303, `${SITE}/inventory`],
    ]);
    const users = await Promise.all(answers.map((answer) => portalUserOf(sessionOf(answer) as string)));
    const prisma = await getPrisma();
    const members = await prisma.user.findMany({ where: { email }, select: { id: true, role: true } });
    expect(members).toEqual([{ id: expect.any(String), role: "developer" }]);
    expect(users.map((user) => user?.userId)).toEqual([members[0].id, members[0].id]);
    expect(
      await prisma.auditEvent.count({ where: { action: "member.joined", actorId: members[0].id } }),
    ).toBe(1);
    expect(
      await prisma.auditEvent.count({ where: { action: "sign_in.succeeded", actorId: members[0].id } }),
    ).toBe(2);
  });
});

describe("sweeping sign-ins whose person never came back", () => {
  it("deletes those past their time and keeps those under way", async () => {
    const prisma = await getPrisma();
    const { id: connectionId } = await prisma.ssoConnection.findFirstOrThrow({ select: { id: true } });
    const now = new Date("2031-03-01T10:00:00Z");
    const row = (stateHash: string, expiresAt: Date) => ({
      stateHash,
      connectionId,
      nonce: "n",
      codeVerifier: "v",
      callbackPath: "/",
      expiresAt,
    });
    await prisma.ssoSignIn.deleteMany({});
    await prisma.ssoSignIn.createMany({
      data: [
        row("expired", new Date(now.getTime() - 1)),
        row("at-its-end", now),
        row("under-way", new Date(now.getTime() + SSO_SIGN_IN_TTL_MS)),
      ],
    });
    expect(await sweepExpiredSsoSignIns(now)).toBe(2);
    expect(
      (await prisma.ssoSignIn.findMany({ select: { stateHash: true } })).map((r) => r.stateHash),
    ).toEqual(["under-way"]);
  });
});
