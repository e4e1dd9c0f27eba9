// Signing out ends the session on the server: a copy of its cookie taken before is refused
// after it (on every instance: the check reads the database on every request), while the
// person's other sessions go on. Driven through next-auth's own handler with the portal's
// options, CSRF token included, as the portal's "Sign out" button does.
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { authOptions } from "@/lib/auth/next-auth";
import { getSessionSecret } from "@/lib/auth/secret";
import { SESSION_ID_CLAIM, SIGNED_IN_AT_CLAIM, sessionCookieName } from "@/lib/auth/session-cookie";
import { resolvePrincipal } from "@/lib/auth/principal";
import { getPrisma } from "@/lib/db/client";
import { demoUsers } from "@/prisma/seed/fixtures";

// next-auth's core handler, what its Next route handler calls with the request's cookies and
// headers (which it reads from next/headers, only there inside Next). The package does not
// export it by name, so it is loaded by its file.
type AuthRequest = {
  method: string;
  action: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, string>;
};
const { AuthHandler } = createRequire(import.meta.url)(
  path.join(process.cwd(), "node_modules", "next-auth", "core", "index.js"),
) as {
  AuthHandler: (params: { req: AuthRequest; options: ReturnType<typeof authOptions> }) => Promise<unknown>;
};

const user = demoUsers.acmeAdmin;
const HEADERS = { host: "localhost:3000" };

async function sessionCookie(sessionId: string | null): Promise<string> {
  const { id, email, name, role, organizationId } = user;
  return encode({
    token: {
      sub: id,
      email,
      name,
      role,
      organizationId,
      [SIGNED_IN_AT_CLAIM]: Date.now(),
      ...(sessionId === null ? {} : { [SESSION_ID_CLAIM]: sessionId }),
    },
    secret: getSessionSecret(),
  });
}

function apiRequest(cookie: string): Request {
  return new Request("http://localhost:3000/api/v2/orders", {
    headers: { cookie: `${sessionCookieName(false)}=${cookie}` },
  });
}

type Internal = { body?: unknown; cookies?: Array<{ name: string; value: string }> };

/** next-auth's sign-out: fetch a CSRF token, then POST it with the session cookie. */
async function signOut(cookie: string): Promise<Internal> {
  const options = authOptions(false);
  const csrf = (await AuthHandler({
    req: { method: "GET", action: "csrf", headers: HEADERS, cookies: {}, query: {}, body: {} },
    options,
  })) as Internal;
  const csrfCookie = csrf.cookies?.find((each) => each.name.includes("csrf-token"));
  const { csrfToken } = csrf.body as { csrfToken: string };
  return (await AuthHandler({
    req: {
      method: "POST",
      action: "signout",
      headers: HEADERS,
      cookies: { [csrfCookie!.name]: csrfCookie!.value, [sessionCookieName(false)]: cookie },
      query: {},
      body: { csrfToken },
    },
    options,
  })) as Internal;
}

describe("signing out", () => {
  it("refuses a copy of the cookie taken before, and leaves the person's other sessions alone", async () => {
    const signedOut = await sessionCookie("sid-signed-out-one");
    const other = await sessionCookie("sid-other-browser");
    expect(await resolvePrincipal(apiRequest(signedOut))).toMatchObject({ kind: "session", userId: user.id });

    const answer = await signOut(signedOut);
    // next-auth clears this browser's cookie as before.
    expect(answer.cookies?.find((each) => each.name === sessionCookieName(false))?.value).toBe("");

    expect(await resolvePrincipal(apiRequest(signedOut))).toBeNull();
    expect(await resolvePrincipal(apiRequest(other))).toMatchObject({ kind: "session", userId: user.id });
    const prisma = await getPrisma();
    const row = await prisma.endedSession.findUniqueOrThrow({ where: { id: "sid-signed-out-one" } });
    expect(row.userId).toBe(user.id);
    // Kept exactly as long as the cookie could have been used.
    expect(row.endsAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("ends every older session of the person when the cookie has no session id to end alone", async () => {
    const legacy = await sessionCookie(null);
    await signOut(legacy);
    expect(await resolvePrincipal(apiRequest(legacy))).toBeNull();
  });
});
