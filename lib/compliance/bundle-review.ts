import "server-only";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import type { Principal } from "@/lib/auth/types";
import { ApiError } from "@/lib/errors";
import { transitionBundle } from "@/lib/compliance/bundle-states";
import {
  bundleInclude,
  bundleView,
  day,
  lockBundle,
  namesOf,
  recordStatusChanged,
  statusChange,
} from "@/lib/compliance/bundle-rows";
import type { BundleView, RejectBundleRequest } from "@/lib/schemas/compliance-bundles";
import { activateCoveredNumbers, type Approver } from "@/lib/compliance/activation";
import {
  bundleApprovedMessage,
  bundleRejectedMessage,
  emailMembersWhoCanAct,
  nameBundle,
} from "@/lib/compliance/notify";

// Support's review of a bundle handed in (docs/CONTRACT.md §17): approving activates the numbers
// it covers, rejecting says why; either way the organization's members who can act hear of it.

/** The reviewer as the numbers' history names them. */
async function approverOf(tx: Tx, principal: Principal): Promise<Approver> {
  const userId = principal.userId;
  const user =
    userId === null ? null : await tx.user.findUnique({ where: { id: userId }, select: { name: true } });
  const token =
    principal.kind === "token" && principal.tokenId !== null
      ? await tx.apiToken.findUnique({ where: { id: principal.tokenId }, select: { name: true } })
      : null;
  return {
    userId,
    tokenId: principal.kind === "token" ? principal.tokenId : null,
    name: token?.name ?? user?.name ?? "unknown",
    role: principal.role,
  };
}

function assertSupport(principal: Principal, action: string): void {
  if (principal.role !== "support") {
    throw new ApiError("role_forbidden", `Only support may ${action} a bundle.`, "role=support");
  }
}

export async function approveBundle(
  principal: Principal,
  id: string,
  now: Date = new Date(),
): Promise<BundleView> {
  assertSupport(principal, "approve");
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, principal, id);
    const next = transitionBundle(row.status, "approve");
    const expiries = await tx.complianceDocument.findMany({
      where: { id: { in: row.documents.map((link) => link.documentId) }, expiresOn: { not: null } },
      select: { expiresOn: true },
      orderBy: { expiresOn: "asc" },
      take: 1,
    });
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: {
        status: next,
        validUntil: expiries[0]?.expiresOn ?? null,
        reviewedAt: now,
        reviewedBy: principal.userId ?? principal.id,
        updatedAt: now,
      },
      include: bundleInclude,
    });
    await auditChanges(tx, [statusChange(row, "approve", next)]);
    await recordStatusChanged(tx, row.status, updated, now);
    // docs/CONTRACT.md §17: every pending number of the organization this bundle covers is active
    // from this commit on, and the members who can act hear of it.
    const bundle = {
      id,
      organizationId: row.organizationId,
      countryId: row.countryId.trim(),
      numberTypeId: row.numberTypeId,
    };
    // A document that expired while the bundle waited for review leaves it covering nothing.
    const valid = updated.validUntil === null || day(updated.validUntil) >= day(now);
    const activated = valid
      ? await activateCoveredNumbers(tx, bundle, await approverOf(tx, principal), now)
      : [];
    const numbers = activated.map((number) => number.number);
    const named = await nameBundle(tx, namesOf(row));
    await emailMembersWhoCanAct(
      tx,
      row.organizationId,
      (to) => bundleApprovedMessage(to, named, numbers),
      now,
    );
    return bundleView(updated);
  });
}

export async function rejectBundle(
  principal: Principal,
  id: string,
  body: RejectBundleRequest,
  now: Date = new Date(),
): Promise<BundleView> {
  assertSupport(principal, "reject");
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, principal, id);
    const next = transitionBundle(row.status, "reject");
    const inBundle = new Set(row.documents.map((link) => link.documentId));
    const strangers = body.notes
      .filter((note) => !inBundle.has(note.document_id))
      .map((note) => note.document_id);
    if (strangers.length > 0) {
      throw new ApiError(
        "invalid_parameter",
        `notes name documents that are not in bundle ${id}: ${strangers.join(", ")}`,
        `body.notes.document_id=${strangers.join(",")}`,
      );
    }
    const notes = body.notes.map((note) => ({ document_id: note.document_id, note: note.note }));
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: {
        status: next,
        reviewedAt: now,
        reviewedBy: principal.userId ?? principal.id,
        rejectionReason: body.reason,
        rejectionNotes: notes,
        updatedAt: now,
      },
      include: bundleInclude,
    });
    const change = statusChange(row, "reject", next);
    await auditChanges(tx, [
      { ...change, changes: [...change.changes, { field: "rejection_reason", from: null, to: body.reason }] },
    ]);
    await recordStatusChanged(tx, row.status, updated, now);
    const named = await nameBundle(tx, namesOf(row));
    await emailMembersWhoCanAct(
      tx,
      row.organizationId,
      (to) => bundleRejectedMessage(to, named, body.reason, notes),
      now,
    );
    return bundleView(updated);
  });
}
