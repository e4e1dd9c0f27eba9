// /api/auth/* – next-auth's sign-in, sign-out, CSRF and session endpoints for the portal
import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { isSecureRequest } from "@/lib/auth/session-cookie";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so the cookie's Secure flag follows http or https.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  return await NextAuth(request, context, authOptions(isSecureRequest(request.headers)));
}

export { handler as GET, handler as POST };
