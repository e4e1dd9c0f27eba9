import "server-only";
import { ApiError, notFound } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readPage, type PageWindow } from "@/lib/db/paged";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { endSessionsOf } from "@/lib/auth/end-sessions";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { getTokenCache } from "@/lib/auth/token-cache";
import type { Principal } from "@/lib/auth/types";
import type { OrganizationRole } from "@/lib/schemas/roles";
import type { Member } from "@/lib/schemas/members";

// An organization's members (docs/CONTRACT.md §15); invitations are lib/members/invitations.ts.
// Who may call each function is the endpoint's business (lib/auth/roles.ts, through the
// wrapper); what is left here is what depends on the people concerned: admins never touch
// owners and the last owner stays.

export type Caller = Pick<Principal, "kind" | "id" | "organizationId" | "role" | "userId" | "tokenId">;

/** Whose members a caller reads: their own organization; support names one (organization_id). */
export function membersOf(caller: Caller, requested: string | undefined): string {
  const { organizationId } = readableOrganizations(caller, requested);
  if (organizationId === undefined)
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required: support staff name the organization whose members they read",
      "query.organization_id",
    );
  return organizationId;
}

/** Admins may do everything with members but what concerns owners (docs/CONTRACT.md §15). */
export function assertMayTouch(caller: Caller, role: OrganizationRole, what: string, details: string): void {
  if (role === "owner" && caller.role !== "owner")
    throw new ApiError(
      "role_forbidden",
      `The ${caller.role} role cannot ${what} an owner; that needs the owner role.`,
      details,
    );
}
/** One page of an organization's members, by name, and how many there are in all. */
export async function listMembers(
  caller: Caller,
  query: PageWindow & { organization_id?: string },
): Promise<{ items: Member[]; total: number }> {
  const prisma = await getPrisma();
  const where = {
    organizationId: membersOf(caller, query.organization_id),
    role: { not: "support" as const },
  };
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.user.findMany({
        where,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take: query.limit,
        skip: query.offset,
      }),
    () => prisma.user.count({ where }),
  );
  return { items: rows.map(toMember), total };
}

/**
 * The member, locked, and the organization's owners, locked too: two requests demoting or
 * removing the last two owners at once are serialized here, so one of them sees the last owner.
 */
async function lockedMember(tx: Tx, caller: Caller, memberId: string) {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM app_user WHERE organization_id = ${caller.organizationId} AND role = 'owner' ORDER BY id FOR UPDATE`;
  const member = await tx.user.findFirst({
    where: { id: memberId, organizationId: caller.organizationId, role: { not: "support" } },
  });
  if (!member) throw notFound("member", memberId);
  return { member, owners: owners.length };
}

function lastOwner(memberId: string, what: string): ApiError {
  return new ApiError(
    "last_owner",
    `This is the organization's last owner and cannot be ${what}; make another member an owner first.`,
    `member_id=${memberId}`,
  );
}

function toMember(row: { id: string; name: string; email: string; role: string; createdAt: Date }): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as OrganizationRole,
    joined_at: row.createdAt.toISOString(),
  };
}

export async function changeMemberRole(
  caller: Caller,
  memberId: string,
  role: OrganizationRole,
  now = new Date(),
): Promise<Member> {
  const updated = await inRetryingTransaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, caller, memberId);
    assertMayTouch(caller, member.role as OrganizationRole, "change", `member.role=${member.role}`);
    assertMayTouch(caller, role, "make someone", `body.role=${role}`);
    if (member.role === role) return member;
    if (member.role === "owner" && owners <= 1) throw lastOwner(memberId, "demoted");
    const changed = await tx.user.update({ where: { id: memberId }, data: { role } });
    await recordAudit(tx, {
      ...(await auditSource(tx, caller)),
      action: "member.role_changed",
      organizationId: caller.organizationId,
      resource: { type: "member", id: memberId },
      changes: [{ field: "role", from: member.role, to: role }],
      at: now,
    });
    return changed;
  });
  // The member's tokens are capped by the new role at their next request (lib/auth/principal.ts);
  // the role trigger tells every instance's token cache, and this one forgets at once too.
  (await getTokenCache())?.changed("*");
  return toMember(updated);
}

/**
 * Removes a member: their sessions end and their tokens are revoked, in one transaction, and the
 * person's account goes (one person belongs to one organization, so they may be invited again).
 */
export async function removeMember(caller: Caller, memberId: string, now = new Date()): Promise<Member> {
  const removed = await inRetryingTransaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, caller, memberId);
    assertMayTouch(caller, member.role as OrganizationRole, "remove", `member.role=${member.role}`);
    if (member.role === "owner" && owners <= 1) throw lastOwner(memberId, "removed");
    // Revoked, and kept without their creator, so the token list still explains past calls.
    await tx.apiToken.updateMany({ where: { userId: memberId, revokedAt: null }, data: { revokedAt: now } });
    await tx.apiToken.updateMany({ where: { userId: memberId }, data: { userId: null } });
    await endSessionsOf(tx, memberId, now);
    await tx.user.delete({ where: { id: memberId } });
    await recordAudit(tx, {
      ...(await auditSource(tx, caller)),
      action: "member.removed",
      organizationId: caller.organizationId,
      resource: { type: "member", id: memberId },
      changes: [
        { field: "email", from: member.email, to: null },
        { field: "role", from: member.role, to: null },
      ],
      at: now,
    });
    return member;
  });
  (await getTokenCache())?.changed("*");
  return toMember(removed);
}
