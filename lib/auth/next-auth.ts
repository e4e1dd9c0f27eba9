import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddressFrom, SignInRefused, verifyCredentials } from "@/lib/auth/credentials";
import { getSessionSecret } from "@/lib/auth/secret";
import { randomBytes } from "node:crypto";
import { SESSION_ID_CLAIM, SESSION_MAX_AGE_S, SIGNED_IN_AT_CLAIM } from "@/lib/auth/session-cookie";
import { signOutSession } from "@/lib/auth/account";
import type { Role } from "@/lib/auth/types";

// next-auth 4 for the portal: email and password, JWT sessions in an HttpOnly, SameSite=Lax
// cookie (next-auth's defaults), Secure when the site is served over https.

declare module "next-auth" {
  interface User {
    role: Role;
    organizationId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    organizationId?: string;
  }
}

/** Options per request: whether cookies are Secure depends on how the site is reached. */
export function authOptions(secure: boolean): AuthOptions {
  return {
    secret: getSessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { maxAge: SESSION_MAX_AGE_S },
    useSecureCookies: secure,
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Two-factor code", type: "text" },
        },
        async authorize(credentials, request) {
          try {
            const user = await verifyCredentials(credentials, clientAddressFrom(request.headers));
            return {
              id: user.userId,
              email: user.email,
              name: user.name,
              role: user.role,
              organizationId: user.organizationId,
            };
          } catch (error) {
            // next-auth passes a thrown message to the sign-in page as ?error=…
            if (error instanceof SignInRefused) throw new Error(error.code);
            throw error;
          }
        },
      }),
    ],
    events: {
      // After next-auth has checked the sign-out's CSRF token and before it clears the cookie.
      async signOut({ token }) {
        await signOutSession(token, new Date());
      },
    },
    callbacks: {
      jwt({ token, user }) {
        // `user` is only present right after authorize(); later calls keep what was copied.
        if (user) {
          token.sub = user.id;
          token.role = user.role;
          token.organizationId = user.organizationId;
          // Kept through every re-encoding, unlike iat: sessions ended later refuse it.
          token[SIGNED_IN_AT_CLAIM] = Date.now();
          // 128 random bits naming this session alone, so signing out can end it (and only it).
          token[SESSION_ID_CLAIM] = randomBytes(16).toString("base64url");
        }
        return token;
      },
      session({ session, token }) {
        if (session.user)
          Object.assign(session.user, {
            id: token.sub,
            role: token.role,
            organizationId: token.organizationId,
          });
        return session;
      },
    },
  };
}
