import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { getSessionSecret } from "@/lib/auth/secret";
import {
  isSecureRequest,
  parseCookieHeader,
  SESSION_MAX_AGE_S,
  sessionCookieName,
  SESSION_ID_CLAIM,
  SIGNED_IN_AT_CLAIM,
  SSO_CONNECTION_CLAIM,
} from "@/lib/auth/session-cookie";
import type { Role } from "@/lib/schemas/roles";

// Set-Cookie values for the portal's session cookie, with next-auth's attributes (HttpOnly,
// SameSite=Lax, Path=/, Secure over https), for the API routes that end sessions.

function cookieAttributes(secure: boolean, maxAgeS: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;
}

/**
 * The request's session again, issued at `now`: it outlives endSessionsOf(…, now), and keeps
 * the session's original end (sessions are never extended). Null when the request has no
 * whole session cookie (a split one is left alone: it then ends like the others).
 */
export async function reissuedSessionCookie(request: Request, now: Date): Promise<string | null> {
  const secure = isSecureRequest(request.headers);
  const name = sessionCookieName(secure);
  const value = parseCookieHeader(request.headers.get("cookie")).get(name);
  if (!value) return null;
  const token = await decode({ token: value, secret: getSessionSecret() }).catch(() => null);
  if (!token || typeof token.exp !== "number") return null;
  const remainingS = Math.min(SESSION_MAX_AGE_S, Math.floor(token.exp - now.getTime() / 1000));
  if (remainingS <= 0) return null;
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token;
  const encoded = await encode({
    token: { ...claims, [SIGNED_IN_AT_CLAIM]: now.getTime() },
    secret: getSessionSecret(),
    maxAge: remainingS,
  });
  return `${name}=${encoded}; ${cookieAttributes(secure, remainingS)}`;
}

/**
 * A new session, as next-auth's sign-in makes one (lib/auth/next-auth.ts), for a person who
 * signed in through their organization's provider: it carries the connection's id.
 */
export async function ssoSessionCookie(
  request: Request,
  user: {
    userId: string;
    email: string;
    name: string;
    role: Role;
    organizationId: string;
    connectionId: string;
  },
  now: Date,
): Promise<string> {
  const secure = isSecureRequest(request.headers);
  const encoded = await encode({
    token: {
      sub: user.userId,
      email: user.email,
      name: user.name,
      role: user.role,
      organizationId: user.organizationId,
      [SIGNED_IN_AT_CLAIM]: now.getTime(),
      [SESSION_ID_CLAIM]: randomBytes(16).toString("base64url"),
      [SSO_CONNECTION_CLAIM]: user.connectionId,
    },
    secret: getSessionSecret(),
    maxAge: SESSION_MAX_AGE_S,
  });
  return `${sessionCookieName(secure)}=${encoded}; ${cookieAttributes(secure, SESSION_MAX_AGE_S)}`;
}

/** Clears the session cookie: after "sign out everywhere" this browser is signed out too. */
export function clearedSessionCookie(request: Request): string {
  const secure = isSecureRequest(request.headers);
  return `${sessionCookieName(secure)}=; ${cookieAttributes(secure, 0)}`;
}
