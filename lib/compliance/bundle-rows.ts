import "server-only";
import type { Tx } from "@/lib/db/transaction";
import type { Viewer } from "@/lib/auth/types";
import { ownOrganizationUnlessSupport, readsEveryOrganization } from "@/lib/auth/organization-filter";
import { notFound } from "@/lib/errors";
import type { BundleAction, BundleStatus } from "@/lib/compliance/bundle-states";
import type { BundleView } from "@/lib/schemas/compliance-bundles";
import type { Prisma } from "@/lib/generated/prisma/client";
import { event, recordEvents } from "@/lib/events/record-events";

// A bundle as the database holds it and as the API shows it, and the reads, locks and records
// every change of a bundle shares: a customer's (lib/compliance/bundles.ts), support's review
// (lib/compliance/bundle-review.ts) and the expiry sweep (lib/compliance/bundle-expiry.ts).

export const bundleInclude = { documents: { orderBy: { position: "asc" } } } as const;
export type BundleRow = Prisma.ComplianceBundleGetPayload<{ include: typeof bundleInclude }>;

/** YYYY-MM-DD of a moment, in UTC. */
export const day = (moment: Date) => moment.toISOString().slice(0, 10);

export function bundleView(row: BundleRow): BundleView {
  return {
    bundle_id: row.id,
    organization_id: row.organizationId,
    country: row.countryId,
    number_type: row.numberTypeId,
    end_user_id: row.endUserId,
    document_ids: row.documents.map((link) => link.documentId),
    status: row.status,
    valid_until: row.validUntil ? day(row.validUntil) : null,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    rejection:
      row.rejectionReason === null
        ? null
        : {
            reason: row.rejectionReason,
            notes: (row.rejectionNotes ?? []) as { document_id: string; note: string }[],
          },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an email needs to name the bundle as the portal does. */
export const namesOf = (row: BundleRow) => ({
  countryId: row.countryId.trim(),
  numberTypeId: row.numberTypeId,
  endUserId: row.endUserId,
  documentIds: row.documents.map((link) => link.documentId),
});

export async function findReadable(db: Tx, viewer: Viewer, id: string): Promise<BundleRow> {
  const row = await db.complianceBundle.findFirst({
    where: { id, ...ownOrganizationUnlessSupport(viewer) },
    include: bundleInclude,
  });
  if (!row) throw notFound("bundle", id);
  return row;
}

/** Locks the bundle row, then reads it: state changes on one bundle happen one at a time. */
export async function lockBundle(tx: Tx, viewer: Viewer, id: string): Promise<BundleRow> {
  const locked = readsEveryOrganization(viewer)
    ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM compliance_bundle WHERE id = ${id} FOR UPDATE`
    : await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM compliance_bundle WHERE id = ${id} AND organization_id = ${viewer.organizationId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("bundle", id);
  return findReadable(tx, viewer, id);
}

const auditVerbs: Record<BundleAction, string> = {
  edit: "updated",
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  expire: "expired",
};

export function statusChange(row: BundleRow, action: BundleAction, to: BundleStatus) {
  return {
    action: `bundle.${auditVerbs[action]}`,
    organizationId: row.organizationId,
    resource: { type: "bundle", id: row.id },
    changes: row.status === to ? [] : [{ field: "status", from: row.status, to }],
  };
}

/** bundle.status_changed (docs/CONTRACT.md §14, §17) when a change moved the status, in its transaction. */
export async function recordStatusChanged(tx: Tx, fromStatus: BundleStatus, updated: BundleRow, now: Date) {
  if (updated.status === fromStatus) return;
  await recordEvents(tx, [event(updated.organizationId, "bundle.status_changed", bundleView(updated))], now);
}
