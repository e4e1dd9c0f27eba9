import "server-only";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { scopes } from "@/lib/schemas/scopes";
import {
  isSecureRequest,
  parseCookieHeader,
  readSessionClaims,
  type SessionClaims,
} from "@/lib/auth/session-cookie";
import type { Principal } from "@/lib/auth/types";
import { scopesOfRole } from "@/lib/auth/roles";
import { sessionStillValid } from "@/lib/auth/end-sessions";

// A signed-in person as an API principal (docs/CONTRACT.md §2): the portal calls the same routes as
// API clients. A person holds every scope their role allows (lib/auth/roles.ts).

export type PortalUser = SessionClaims & {
  organizationName: string;
  emailVerified: boolean;
  /** The organization requires two-factor sign-in and this person has not set it up yet. */
  twoFactorSetupRequired: boolean;
};

/**
 * What a person who must set up two-factor sign-in may still call (docs/CONTRACT.md §15: nothing else
 * until then): the set-up itself, and signing out everywhere.
 */
const TWO_FACTOR_SETUP_PATHS: ReadonlySet<string> = new Set([
  "/api/v2/two-factor",
  "/api/v2/two-factor/enrolment",
  "/api/v2/two-factor/enrolment/confirm",
  "/api/v2/sessions/end-all",
]);

/**
 * The user the claims name, as stored now: a deleted user's cookie stops working at once,
 * a changed role or organization takes effect on the next request, and so does the end of
 * the person's sessions (lib/auth/end-sessions.ts).
 */
export async function loadSessionUser(claims: SessionClaims): Promise<PortalUser | null> {
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({
    where: { id: claims.userId },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      organizationId: true,
      organization: {
        select: {
          name: true,
          requireTwoFactor: true,
          ssoConnection: { select: { id: true, required: true } },
        },
      },
      sessionsValidAfter: true,
      totpEnabledAt: true,
      emailVerifiedAt: true,
      // This session, if it was signed out (lib/auth/end-sessions.ts).
      endedSessions: { where: { id: claims.sessionId ?? "" }, select: { id: true }, take: 1 },
    },
  });
  if (!user || !sessionStillValid(claims.issuedAtMs, user.sessionsValidAfter)) return null;
  if (user.endedSessions.length > 0) return null;
  // A session made through the provider lasts as long as the connection it came through: a
  // disconnected (or since reconnected) provider's sessions end at the next request.
  if (claims.ssoConnectionId !== null && user.organization.ssoConnection?.id !== claims.ssoConnectionId)
    return null;
  // Turning `required` on ends the members' password sessions, as the password sign-in is
  // refused to them from then on (lib/auth/credentials.ts); owners keep theirs, the way back in.
  if (claims.ssoConnectionId === null && user.organization.ssoConnection?.required && user.role !== "owner")
    return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization.name,
    emailVerified: user.emailVerifiedAt !== null,
    issuedAtMs: claims.issuedAtMs,
    sessionId: claims.sessionId,
    ssoConnectionId: claims.ssoConnectionId,
    // The provider's own rules stand in for two-factor sign-in on sessions made through it.
    twoFactorSetupRequired:
      claims.ssoConnectionId === null && user.organization.requireTwoFactor && user.totpEnabledAt === null,
  };
}

function sessionPrincipal(user: PortalUser): Principal {
  return {
    kind: "session",
    id: user.userId,
    organizationId: user.organizationId,
    role: user.role,
    scopes: scopesOfRole(user.role, scopes),
    userId: user.userId,
    tokenId: null,
    emailVerified: user.emailVerified,
  };
}

/** The principal of a request that sent no Authorization header: its session cookie, if any. */
export async function resolveSessionPrincipal(request: Request): Promise<Principal | null> {
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  if (cookies.size === 0) return null;
  const claims = await readSessionClaims(cookies, isSecureRequest(request.headers));
  if (!claims) return null;
  const user = await loadSessionUser(claims);
  if (!user) return null;
  if (user.twoFactorSetupRequired && !TWO_FACTOR_SETUP_PATHS.has(new URL(request.url).pathname))
    throw new ApiError(
      "two_factor_required",
      "Your organization requires two-factor sign-in: set it up at /settings/security first.",
      "organization.require_two_factor=true; two_factor=disabled",
    );
  return sessionPrincipal(user);
}
