// Shared by the sso-sign-in*.test.ts files: a real OpenID Connect provider on loopback
// (oauth2-mock-server), whose discovery document, keys, authorization and token endpoints answer
// as a provider does, and Acme connected to it afresh before each test.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { OAuth2Server } from "oauth2-mock-server";
import { getPrisma } from "@/lib/db/client";
import { connectAcme, SSO_DOMAIN } from "@/tests/sso-flow";
import { demoOrganizations } from "@/prisma/seed/fixtures";

export const DOMAIN = SSO_DOMAIN;
export const acme = demoOrganizations.acme.id;
export const globex = demoOrganizations.globex.id;

export let provider: OAuth2Server;
export let issuer: string;

export type Payload = Record<string, unknown>;
/** Changes the next ID token the provider signs (the access token, which has a scope, is left alone). */
export function nextIdToken(change: (payload: Payload) => void) {
  const listener = (token: { payload: Payload }) => {
    if ("scope" in token.payload) return;
    change(token.payload);
    provider.service.off("beforeTokenSigning", listener);
  };
  provider.service.on("beforeTokenSigning", listener);
}

/** Starts the provider for the file, and before each test connects Acme to it with nothing else left over. */
export function runProviderForEachTest(): void {
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
}
