import { getPrisma } from "@/lib/db/client";
import { scopes, type Scope } from "@/lib/schemas/scopes";
import {
  isSecureRequest,
  parseCookieHeader,
  readSessionClaims,
  type SessionClaims,
} from "@/lib/auth/session-cookie";
import type { Principal, Role } from "@/lib/auth/types";

// A signed-in person as an API principal (contract §2): the portal calls the same routes as
// API clients. People hold every scope; what differs by role is which organizations' data
// the domain functions let them read (support reads all number configurations and orders).
const roleScopes: Record<Role, readonly Scope[]> = {
  customer: scopes,
  support: scopes,
};

export type PortalUser = SessionClaims & { organizationName: string };

/**
 * The user the claims name, as stored now: a deleted user's cookie stops working at once,
 * and a changed role or organization takes effect on the next request.
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
      organization: { select: { name: true } },
    },
  });
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization.name,
  };
}

function sessionPrincipal(user: SessionClaims): Principal {
  return {
    kind: "session",
    id: user.userId,
    organizationId: user.organizationId,
    role: user.role,
    scopes: roleScopes[user.role],
    userId: user.userId,
    tokenId: null,
  };
}

/** The principal of a request that sent no Authorization header: its session cookie, if any. */
export async function resolveSessionPrincipal(request: Request): Promise<Principal | null> {
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  if (cookies.size === 0) return null;
  const claims = await readSessionClaims(cookies, isSecureRequest(request.headers));
  if (!claims) return null;
  const user = await loadSessionUser(claims);
  return user ? sessionPrincipal(user) : null;
}
