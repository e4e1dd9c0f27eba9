import { expect } from "vitest";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { finishSignIn, startSignIn } from "@/lib/api/sso-flow";
import { parseCookieHeader, readSessionClaims, sessionCookieName } from "@/lib/auth/session-cookie";
import { loadSessionUser } from "@/lib/auth/session";
import { demoOrganizations } from "@/prisma/seed/fixtures";

// Single sign-on as a browser walks it, for the suites that run a real provider on loopback:
// the owner connects Acme and support verifies the domain; /sso/start → the provider's
// /authorize (oauth2-mock-server signs the person in at once) → /sso/callback.

export const SITE = "http://localhost:3000";
export const SSO_DOMAIN = "acme-sso.example";

/** Acme's connection to the provider at `issuerUrl`, its domain verified by support. */
export async function connectAcme(issuerUrl: string, extra: Record<string, unknown> = {}) {
  const put = await api("PUT", "/organization/sso", {
    headers: await sessionHeaders("acmeCustomer"),
    body: {
      issuer: issuerUrl,
      client_id: "numbers-portal",
      client_secret: "provider secret",
      domains: [SSO_DOMAIN],
      default_role: "developer",
      ...extra,
    },
  });
  expect(put.status).toBe(200);
  const verified = await api("POST", `/organization/sso/domains/${SSO_DOMAIN}/verify`, {
    headers: await sessionHeaders("support"),
    body: { organization_id: demoOrganizations.acme.id },
  });
  expect(verified.status).toBe(200);
}

export const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

/** /sso/start → the provider's /authorize → /sso/callback; `now` is the service's clock. */
export async function ssoSignIn(
  email: string,
  beforeProvider?: (authorizeUrl: URL) => Promise<void>,
  now?: Date,
) {
  const startUrl = `${SITE}/sso/start?email=${encodeURIComponent(email)}&callbackUrl=/numbers`;
  const started = await startSignIn(new Request(startUrl), now ?? new Date());
  expect(started.status).toBe(303);
  const stateCookie = cookieOf(started, "sso-state");
  expect(stateCookie).toBeDefined();
  await beforeProvider?.(new URL(started.headers.get("location") as string));
  const atProvider = await fetch(started.headers.get("location") as string, { redirect: "manual" });
  const back = atProvider.headers.get("location") as string;
  expect(back.startsWith(`${SITE}/sso/callback?`)).toBe(true);
  const cookie = stateCookie as string;
  const answer = await finishSignIn(new Request(back, { headers: { cookie } }), now ?? new Date());
  return { answer, back, cookie, authorizeUrl: new URL(started.headers.get("location") as string) };
}

export const sessionOf = (response: Response) => cookieOf(response, sessionCookieName(false));

export async function portalUserOf(cookie: string) {
  const claims = await readSessionClaims(parseCookieHeader(cookie), false);
  return claims ? loadSessionUser(claims) : null;
}
