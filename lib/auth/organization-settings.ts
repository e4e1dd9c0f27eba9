import "server-only";
import { requireRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditSource, recordAudit } from "@/lib/audit/record";
import type { Principal } from "@/lib/auth/types";

// An organization's settings (docs/CONTRACT.md §15): for now, whether every member must use
// two-factor sign-in. Any member reads them; whoever the permission table lets change the
// organization's settings (lib/auth/roles.ts: the owner) changes them.

type Member = Pick<Principal, "kind" | "id" | "role" | "userId" | "tokenId" | "organizationId">;

export async function organizationSettings(member: Member): Promise<{ require_two_factor: boolean }> {
  const prisma = await getPrisma();
  const organization = await prisma.organization.findUniqueOrThrow({
    where: { id: member.organizationId },
    select: { requireTwoFactor: true },
  });
  return { require_two_factor: organization.requireTwoFactor };
}

export async function changeOrganizationSettings(
  member: Member,
  patch: { require_two_factor: boolean },
  now: Date,
): Promise<{ require_two_factor: boolean }> {
  // The endpoint's wrapper asks the same table first (permission "organization:settings").
  requireRole(member.role, "organization:settings");
  return inRetryingTransaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: member.organizationId },
      select: { requireTwoFactor: true },
    });
    if (before.requireTwoFactor !== patch.require_two_factor) {
      await tx.organization.update({
        where: { id: member.organizationId },
        data: { requireTwoFactor: patch.require_two_factor },
      });
      await recordAudit(tx, {
        ...(await auditSource(tx, member)),
        action: "organization.settings_changed",
        organizationId: member.organizationId,
        resource: { type: "organization", id: member.organizationId },
        changes: [
          { field: "require_two_factor", from: before.requireTwoFactor, to: patch.require_two_factor },
        ],
        at: now,
      });
    }
    return { require_two_factor: patch.require_two_factor };
  });
}
