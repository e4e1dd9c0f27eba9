// Portal pages need a session: without one, go to /sign-in and come back afterwards (docs/CONTRACT.md §10).
// /docs is not among them: the API reference is public, as the document it shows.
// /api/* requests that carry X-Forwarded-For lose it when no proxy is trusted, so that Next
// fills it from the socket and a client cannot name its own address (lib/http/client-address.ts).
import { NextResponse, type NextRequest } from "next/server";
import { withoutClientForwarding } from "@/lib/http/client-address";
import { ApiError } from "@/lib/errors";
import { assertDecodablePath, withoutTrailingSlash } from "@/lib/api/raw-url";
import { requestIdFor } from "@/lib/api/request-id";
import { errorResponse } from "@/lib/api/responses";
import { isSecureRequest, readSessionClaims } from "@/lib/auth/session-cookie";
import { getEnv } from "@/lib/env";
import { PORTAL_PATH_HEADER } from "@/lib/auth/portal-path";

export async function proxy(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.startsWith("/api/")) return apiProxy(request);
  if (request.nextUrl.pathname.startsWith("/sso/")) return forwardingOnly(request);
  const cookies = new Map(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value]));
  if (await readSessionClaims(cookies, isSecureRequest(request.headers))) {
    // The page's path for the portal layout, which sends a person who must set up two-factor
    // sign-in to /settings/security from every other page (lib/auth/portal-session.ts).
    const headers = new Headers(request.headers);
    headers.set(PORTAL_PATH_HEADER, request.nextUrl.pathname);
    return NextResponse.next({ request: { headers } });
  }
  const signIn = request.nextUrl.clone();
  signIn.pathname = "/sign-in";
  signIn.search = "";
  signIn.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

/**
 * /api/*: a path Next could not decode answers the API's 400 here (Next would answer its
 * own page); a trailing slash is served as the path without it (docs/CONTRACT.md §1); a client-sent
 * X-Forwarded-For is dropped unless a proxy is trusted.
 */
function apiProxy(request: NextRequest): Response {
  // request.url keeps the path as the client sent it; nextUrl may already have normalized it.
  const raw = new URL(request.url);
  try {
    assertDecodablePath(raw.pathname);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, requestIdFor(request));
    throw error;
  }
  const headers = withoutClientForwarding(request.headers, getEnv().TRUST_PROXY_HOPS);
  const init = headers ? { request: { headers } } : undefined;
  const stripped = raw.pathname.startsWith("/api/v2/") ? withoutTrailingSlash(raw.pathname) : null;
  if (stripped !== null) return NextResponse.rewrite(new URL(`${stripped}${raw.search}`, raw), init);
  return NextResponse.next(init);
}

/** /sso/*: single sign-on records the client's address in the audit log, read as /api/* reads it. */
function forwardingOnly(request: NextRequest): Response {
  const headers = withoutClientForwarding(request.headers, getEnv().TRUST_PROXY_HOPS);
  return NextResponse.next(headers ? { request: { headers } } : undefined);
}

export const config = {
  matcher: [
    "/inventory/:path*",
    "/products/:path*",
    "/cart/:path*",
    "/orders/:path*",
    "/numbers/:path*",
    "/compliance/:path*",
    "/porting/:path*",
    "/tokens/:path*",
    "/webhooks/:path*",
    "/audit/:path*",
    "/billing/:path*",
    "/settings/:path*",
    // Only requests that carry the header pay for the proxy.
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-for" }] },
    { source: "/sso/:path*", has: [{ type: "header", key: "x-forwarded-for" }] },
    // Paths with a percent sign (which may not decode) or a trailing slash.
    "/api/:path(.*%.*)",
    "/api/:path(.*/)",
  ],
};
