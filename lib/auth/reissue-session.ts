import { decode, encode } from "next-auth/jwt";
import { getSessionSecret } from "@/lib/auth/secret";
import {
  isSecureRequest,
  parseCookieHeader,
  SESSION_MAX_AGE_S,
  sessionCookieName,
  SIGNED_IN_AT_CLAIM,
} from "@/lib/auth/session-cookie";

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

/** Clears the session cookie: after "sign out everywhere" this browser is signed out too. */
export function clearedSessionCookie(request: Request): string {
  const secure = isSecureRequest(request.headers);
  return `${sessionCookieName(secure)}=; ${cookieAttributes(secure, 0)}`;
}
