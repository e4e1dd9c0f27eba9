// Portal pages need a session: without one, go to /sign-in and come back afterwards (contract §10).
import { NextResponse, type NextRequest } from "next/server";
import { isSecureRequest, readSessionClaims } from "@/lib/auth/session-cookie";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const cookies = new Map(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value]));
  if (await readSessionClaims(cookies, isSecureRequest(request.headers))) return NextResponse.next();
  const signIn = request.nextUrl.clone();
  signIn.pathname = "/sign-in";
  signIn.search = "";
  signIn.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ["/inventory/:path*", "/products/:path*", "/cart/:path*", "/orders/:path*", "/numbers/:path*", "/tokens/:path*", "/docs/:path*"],
};
