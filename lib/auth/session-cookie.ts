import { decode } from "next-auth/jwt";
import { getSessionSecret } from "@/lib/auth/secret";
import { getEnv } from "@/lib/env";
import { isRole } from "@/lib/auth/roles";
import type { Role } from "@/lib/schemas/roles";

// Reading the portal's session cookie without next-auth's request plumbing, so the API
// wrapper, the proxy and server components all decide "who is signed in" the same way.
// Decoding needs no database; lib/auth/session.ts checks the user still exists.

export type SessionClaims = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  organizationId: string;
  /**
   * When the person signed in (epoch ms, the `sat` claim): next-auth renews `iat` whenever
   * it re-encodes the cookie, so `iat` cannot tell whether the session was ended since
   * (lib/auth/end-sessions.ts). Null for a cookie without the claim.
   */
  issuedAtMs: number | null;
  /**
   * The session's own id (the `sid` claim, random, made at sign-in and kept through every
   * re-encoding): signing out ends this one session (lib/auth/end-sessions.ts). Null for a
   * cookie issued before sessions had one.
   */
  sessionId: string | null;
  /**
   * The single sign-on connection the person signed in through (the `sso` claim), or null for
   * a sign-in with a password: disconnecting the provider ends such sessions (lib/auth/session.ts).
   */
  ssoConnectionId: string | null;
};

/** The claim that carries SessionClaims.issuedAtMs. */
export const SIGNED_IN_AT_CLAIM = "sat";
/** The claim that carries SessionClaims.sessionId. */
export const SESSION_ID_CLAIM = "sid";
/** The claim that carries SessionClaims.ssoConnectionId. */
export const SSO_CONNECTION_CLAIM = "sso";

/** 8 hours: a working day. Sessions are not extended while in use, so this is a hard limit. */
export const SESSION_MAX_AGE_S = 8 * 60 * 60;

const BASE_NAME = "next-auth.session-token";

/** next-auth's cookie name: browsers only accept the __Secure- prefix over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Secure-${BASE_NAME}` : BASE_NAME;
}

/**
 * Whether the site is served over https: NEXTAUTH_URL says so, or the proxy in front says
 * the request came in over https. The cookie is marked Secure exactly then.
 */
export function isSecureRequest(headers: Headers): boolean {
  const configured = getEnv().NEXTAUTH_URL;
  if (configured) return configured.startsWith("https://");
  return headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https";
}

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** The session cookie's value; next-auth splits long ones into name.0, name.1, … */
function sessionCookieValue(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let index = 0; cookies.has(`${name}.${index}`); index++)
    chunks.push(cookies.get(`${name}.${index}`) as string);
  return chunks.length > 0 ? chunks.join("") : null;
}

/** The signed-in person the cookies name, or null: no cookie, a forged or expired one. */
export async function readSessionClaims(
  cookies: Map<string, string>,
  secure: boolean,
): Promise<SessionClaims | null> {
  const value = sessionCookieValue(cookies, sessionCookieName(secure));
  if (!value) return null;
  try {
    const payload = await decode({ token: value, secret: getSessionSecret() });
    return toClaims(payload);
  } catch {
    return null;
  }
}

function toClaims(payload: Record<string, unknown> | null): SessionClaims | null {
  if (!payload) return null;
  const { sub, email, name, role, organizationId } = payload;
  const signedInAt = payload[SIGNED_IN_AT_CLAIM];
  const sessionId = payload[SESSION_ID_CLAIM];
  const ssoConnectionId = payload[SSO_CONNECTION_CLAIM];
  if (typeof sub !== "string" || typeof organizationId !== "string" || !isRole(role)) return null;
  return {
    userId: sub,
    email: typeof email === "string" ? email : "",
    name: typeof name === "string" ? name : "",
    role,
    organizationId,
    issuedAtMs: typeof signedInAt === "number" && Number.isFinite(signedInAt) ? signedInAt : null,
    sessionId: typeof sessionId === "string" && sessionId !== "" ? sessionId : null,
    ssoConnectionId: typeof ssoConnectionId === "string" && ssoConnectionId !== "" ? ssoConnectionId : null,
  };
}
