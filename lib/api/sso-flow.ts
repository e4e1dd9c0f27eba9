import "server-only";
import { z } from "zod";
import { isSecureRequest, parseCookieHeader } from "@/lib/auth/session-cookie";
import { ssoSessionCookie } from "@/lib/auth/reissue-session";
import { requestClientAddress } from "@/lib/http/client-address";
import { finishSsoSignIn, SSO_SIGN_IN_TTL_MS, SsoSignInRefused, startSsoSignIn } from "@/lib/sso/sign-in";
import { ssoRedirectUri } from "@/lib/sso/redirect-uri";
import { safeCallbackUrl } from "@/lib/auth/portal-session";
import { publicOrigin } from "@/lib/api/public-url";
import { callerKey, getRateLimiter } from "@/lib/api/rate-limit";
import { ApiError } from "@/lib/errors";

// The browser's side of signing in through a provider: /sso/start sends the person there with
// a state cookie, /sso/callback takes them back. Every refusal lands on /sign-in with its
// reason (?error=sso_<reason>), never on an error status: a person reads it, not a client.

const STATE_COOKIE = "sso-state";
const emailSchema = z.email().max(320);

function stateCookie(request: Request, value: string, maxAgeS: number): string {
  const secure = isSecureRequest(request.headers) ? "; Secure" : "";
  // Lax: the provider's redirect back is a top-level GET, which carries it.
  return `${STATE_COOKIE}=${value}; Path=/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure}`;
}

function redirect(origin: string, location: string, cookies: string[] = []): Response {
  const headers = new Headers({
    Location: new URL(location, origin).toString(),
    "Cache-Control": "no-store",
  });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

function refused(origin: string, reason: string, email: string | null, cookies: string[] = []): Response {
  const query = new URLSearchParams({ error: `sso_${reason}` });
  if (email) query.set("email", email);
  return redirect(origin, `/sign-in?${query}`, cookies);
}

/** GET /sso/start?email=…&callbackUrl=… */
export async function startSignIn(request: Request, now: Date): Promise<Response> {
  const origin = publicOrigin(request);
  const url = new URL(request.url);
  // Each start stores a sign-in and asks the provider for its documents: an anonymous caller
  // draws on the API's budget for its address, so nobody can make us hammer a provider.
  try {
    await (await getRateLimiter()).check(callerKey(null, request), "default");
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") return refused(origin, "throttled", null);
    throw error;
  }
  const email = emailSchema.safeParse(url.searchParams.get("email")?.trim());
  if (!email.success) return refused(origin, "email_invalid", null);
  try {
    const started = await startSsoSignIn({
      email: email.data,
      callbackPath: safeCallbackUrl(url.searchParams.get("callbackUrl") ?? undefined),
      redirectUri: ssoRedirectUri(origin),
      clientAddress: requestClientAddress(request.headers),
      now,
    });
    return redirect(origin, started.url, [stateCookie(request, started.state, SSO_SIGN_IN_TTL_MS / 1000)]);
  } catch (error) {
    if (error instanceof SsoSignInRefused) return refused(origin, error.reason, email.data);
    throw error;
  }
}

/** GET /sso/callback?code=…&state=… – the provider sends the person back here. */
export async function finishSignIn(request: Request, now: Date): Promise<Response> {
  const origin = publicOrigin(request);
  const ownUrl = new URL(request.url);
  const clearState = stateCookie(request, "", 0);
  try {
    const finished = await finishSsoSignIn({
      // The redirect URI as registered, with the provider's parameters: what it redirected to.
      callbackUrl: `${ssoRedirectUri(origin)}${ownUrl.search}`,
      browserState: parseCookieHeader(request.headers.get("cookie")).get(STATE_COOKIE) ?? null,
      redirectUri: ssoRedirectUri(origin),
      clientAddress: requestClientAddress(request.headers),
      now,
    });
    const session = await ssoSessionCookie(request, finished.user, now);
    return redirect(origin, finished.callbackPath, [clearState, session]);
  } catch (error) {
    if (error instanceof SsoSignInRefused) return refused(origin, error.reason, null, [clearState]);
    throw error;
  }
}
