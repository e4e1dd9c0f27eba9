import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { hashTokenSecret } from "@/lib/auth/tokens";
import { scopes as allScopes, type Scope } from "@/lib/schemas/scopes";
import { isRole, scopesOfRole } from "@/lib/auth/roles";
import { resolveSessionPrincipal } from "@/lib/auth/session";
import type { Principal } from "@/lib/auth/types";
import { getTokenCache, type TokenRow } from "@/lib/auth/token-cache";

// The scheme is case-insensitive (RFC 9110 §11.1, docs/CONTRACT.md §1): "bearer" and "BEARER" work too.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512})$/i;
// last_used_at is for people reading the token list; minute precision spares a write per request.
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The caller of a request, or null when it sent no credentials. Credentials that were sent
 * but are not valid are a 401 here, even on routes that need none (docs/CONTRACT.md §2).
 */
export async function resolvePrincipal(request: Request): Promise<Principal | null> {
  const header = request.headers.get("authorization");
  // Called directly rather than registered: each Next route bundle has its own module
  // instances, so a resolver registered from one would be missing in the others.
  if (header === null) return resolveSessionPrincipal(request);

  const match = BEARER.exec(header.trim());
  if (!match) {
    throw new ApiError(
      "unauthorized",
      "The Authorization header must be 'Bearer <token>'.",
      "header.authorization",
    );
  }
  const prisma = await getPrisma();
  const hash = hashTokenSecret(match[1]);
  // In production a token is read once per few seconds per instance, and a revocation still
  // holds at once everywhere (lib/auth/token-cache.ts).
  const cache = await getTokenCache();
  let token = cache?.get(hash);
  if (!token) {
    const ticket = cache?.ticket() ?? 0;
    // One statement with the creator's role joined in: each round trip to PostgreSQL costs
    // more CPU than the statement (docs/PERFORMANCE.md).
    [token] = await prisma.$queryRaw<TokenRow[]>`
      SELECT t.id, t.organization_id AS "organizationId", t.user_id AS "userId", t.prefix, t.scopes,
             t.expires_at AS "expiresAt", t.revoked_at AS "revokedAt", t.last_used_at AS "lastUsedAt", u.role::text AS role
        FROM api_token t LEFT JOIN app_user u ON u.id = t.user_id
       WHERE t.token_hash = ${hash}`;
    if (token) cache?.set(hash, token, ticket);
  }
  const now = new Date();
  if (!token) throw new ApiError("unauthorized", "The token is not valid.", "header.authorization");
  if (token.revokedAt)
    throw new ApiError("unauthorized", "The token has been revoked.", `token=${token.prefix}…`);
  if (token.expiresAt && token.expiresAt <= now) {
    throw new ApiError(
      "unauthorized",
      "The token has expired.",
      `token=${token.prefix}… expired ${token.expiresAt.toISOString()}`,
    );
  }
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    // The cached row first, so that this instance's concurrent requests do not all write too.
    token.lastUsedAt = now;
    await prisma.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  }
  // A token acts for its creator: one whose creator is gone, or whose role is unknown, acts for nobody.
  const role = token.role;
  if (!isRole(role))
    throw new ApiError(
      "unauthorized",
      "The token's creator is no longer a member.",
      `token=${token.prefix}…`,
    );
  const allowed = scopesOfRole(role, allScopes);
  return {
    kind: "token",
    id: token.id,
    organizationId: token.organizationId,
    role,
    // Capped by the creator's role now, not when the token was made (docs/CONTRACT.md §15).
    scopes: allowed.filter((scope) => token.scopes.includes(scope)),
    userId: token.userId,
    tokenId: token.id,
  };
}

export function requireScope(principal: Principal | null, scope: Scope): Principal {
  if (!principal) {
    throw new ApiError(
      "unauthorized",
      "Authentication is required: send 'Authorization: Bearer <token>'.",
      "header.authorization",
    );
  }
  if (!principal.scopes.includes(scope)) {
    throw new ApiError(
      "insufficient_scope",
      `The token lacks the '${scope}' scope.`,
      `required_scope=${scope}`,
    );
  }
  return principal;
}
