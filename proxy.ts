// Portal pages need a session: without one, go to /sign-in and come back afterwards (contract §10).
// /api/* requests that carry X-Forwarded-For lose it when no proxy is trusted, so that Next
// fills it from the socket and a client cannot name its own address (lib/api/client-address.ts).
import { NextResponse, type NextRequest } from "next/server";
import { withoutClientForwarding } from "@/lib/api/client-address";
import { isSecureRequest, readSessionClaims } from "@/lib/auth/session-cookie";
import { getEnv } from "@/lib/env";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  if (request.nextUrl.pathname.startsWith("/api/")) {
    const headers = withoutClientForwarding(request.headers, getEnv().TRUST_PROXY_HOPS);
    return headers ? NextResponse.next({ request: { headers } }) : NextResponse.next();
  }
  const cookies = new Map(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value]));
  if (await readSessionClaims(cookies, isSecureRequest(request.headers))) return NextResponse.next();
  const signIn = request.nextUrl.clone();
  signIn.pathname = "/sign-in";
  signIn.search = "";
  signIn.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: [
    "/inventory/:path*",
    "/products/:path*",
    "/cart/:path*",
    "/orders/:path*",
    "/numbers/:path*",
    "/tokens/:path*",
    "/docs/:path*",
    // Only requests that carry the header pay for the proxy.
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-for" }] },
  ],
};
