import "server-only";
import { ApiError, notFound } from "@/lib/errors";
import { createApiToken } from "@/lib/auth/tokens";
import { getTokenCache } from "@/lib/auth/token-cache";
import { roleMay, rolesThatMay } from "@/lib/auth/roles";
import { scopes as allScopes, type Scope } from "@/lib/schemas/scopes";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/types";
import type { CreateTokenRequest, Token } from "@/lib/schemas/tokens";

// Token management for people signed in to the portal. Tokens belong to the organization:
// everyone in it sees all of them (with who made each) and may revoke any, so a leaked token
// can be stopped by whoever notices. A token never manages tokens: that needs a session.

export type TokenManager = Pick<Principal, "kind" | "organizationId" | "userId" | "role">;

const withCreator = { user: { select: { id: true, name: true } } } as const satisfies Prisma.ApiTokenInclude;
type TokenRow = Prisma.ApiTokenGetPayload<{ include: typeof withCreator }>;

/** 401 unless the caller is a person with a portal session. */
export function requireSessionManager(principal: Principal | null): TokenManager & { userId: string } {
  if (principal?.kind !== "session" || principal.userId === null) {
    throw new ApiError(
      "unauthorized",
      "API tokens are managed from a signed-in portal session; an API token cannot manage tokens.",
      principal ? `principal=${principal.kind}` : "cookie=(no session)",
    );
  }
  return {
    kind: principal.kind,
    organizationId: principal.organizationId,
    userId: principal.userId,
    role: principal.role,
  };
}

/** The organization's tokens, newest first, revoked ones included (they explain past calls). */
export async function listTokens(manager: TokenManager): Promise<Token[]> {
  const prisma = await getPrisma();
  const rows = await prisma.apiToken.findMany({
    where: { organizationId: manager.organizationId },
    include: withCreator,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toToken);
}

export async function createToken(
  manager: TokenManager & { userId: string },
  request: CreateTokenRequest,
): Promise<Token & { secret: string }> {
  // A token never does more than its creator's role allows (docs/CONTRACT.md §15): asking for more is
  // refused outright rather than trimmed, so nobody believes they hold a token they do not.
  const refused = request.scopes.filter((scope) => !roleMay(manager.role, scope));
  if (refused.length > 0) {
    throw new ApiError(
      "role_forbidden",
      `The ${manager.role} role cannot give a token ${refused.join(", ")}: ${refused
        .map((scope) => `${scope} needs ${rolesThatMay(scope)}`)
        .join("; ")}.`,
      `body.scopes=${refused.join(",")}`,
    );
  }
  const { token, secret } = await inRetryingTransaction(async (tx) => {
    const created = await createApiToken(tx, {
      organizationId: manager.organizationId,
      userId: manager.userId,
      name: request.name,
      scopes: request.scopes,
      expiresAt: request.expires_at ? new Date(request.expires_at) : null,
    });
    // The secret is never recorded: only what the token is.
    await auditChanges(tx, [
      {
        action: "token.created",
        organizationId: manager.organizationId,
        resource: { type: "token", id: created.token.id },
        changes: [
          { field: "name", from: null, to: created.token.name },
          { field: "scopes", from: null, to: created.token.scopes },
          { field: "expires_at", from: null, to: created.token.expiresAt },
        ],
      },
    ]);
    return created;
  });
  const prisma = await getPrisma();
  const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: token.id }, include: withCreator });
  return { ...toToken(row), secret };
}

/**
 * Revokes one of the organization's tokens; revoking twice keeps the first time. Another
 * organization's token is a 404 like a missing one, so ids cannot be probed.
 */
export async function revokeToken(manager: TokenManager, tokenId: string): Promise<Token> {
  const prisma = await getPrisma();
  await inRetryingTransaction(async (tx) => {
    // Conditional on ownership and on not being revoked yet, in one statement.
    const revokedAt = new Date();
    const { count } = await tx.apiToken.updateMany({
      where: { id: tokenId, organizationId: manager.organizationId, revokedAt: null },
      data: { revokedAt },
    });
    if (count === 1)
      await auditChanges(tx, [
        {
          action: "token.revoked",
          organizationId: manager.organizationId,
          resource: { type: "token", id: tokenId },
          changes: [{ field: "revoked_at", from: null, to: revokedAt }],
        },
      ]);
  });
  const row = await prisma.apiToken.findFirst({
    where: { id: tokenId, organizationId: manager.organizationId },
    include: withCreator,
  });
  if (!row) throw notFound("token", tokenId);
  // Every instance hears of it through the database (lib/auth/token-cache.ts); this one at
  // once, so that the caller's next request with the token is refused whatever the feed's delay.
  (await getTokenCache())?.changed(row.tokenHash);
  return toToken(row);
}

function toToken(row: TokenRow): Token {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    // Stored scopes are strings; one a later version dropped is not shown as granted.
    scopes: row.scopes.filter((scope): scope is Scope => (allScopes as readonly string[]).includes(scope)),
    created_by: row.user ? { user_id: row.user.id, name: row.user.name } : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
