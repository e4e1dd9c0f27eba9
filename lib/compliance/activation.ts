import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { auditChanges } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { utcDay } from "@/lib/coverage/coverage";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { assertNumberTransition, heldStatesLeavingBy, type HeldState } from "@/lib/schemas/number-states";

// Activation gated by documents (docs/CONTRACT.md §17), the one module that decides it: a sold or
// ported number that requires documents no approved bundle of its organization covers is
// pending_documents until documents_due (the sale decides it in SQL: prisma/functions/sell_to_item.sql,
// a port at its FOC: lib/porting/activation.ts, both with the deadline documentsDueFor gives);
// approving a covering bundle activates it, in the caller's transaction, so the status, the
// history, the events and the audit entries commit together.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The deadline of a number sold at `now`: the sale + DOCUMENTS_DUE_DAYS. */
export function documentsDueFor(now: Date): Date {
  return new Date(now.getTime() + getEnv().DOCUMENTS_DUE_DAYS * DAY_MS);
}

/** An order item's bundle_id, checked against the item's country and type. */
type NamedBundle = { field: string; bundleId: string; countryId: string; numberTypeId: string };

/** A bundle an order names, as the order's one read found it (lib/orders/sale-reads.ts). */
export type OrderBundle = {
  id: string;
  status: string;
  countryId: string;
  numberTypeId: string;
  /** YYYY-MM-DD, the last day it is valid; null: no end. */
  validUntil: string | null;
};

/**
 * 400 invalid_bundle unless every bundle_id names an approved, unexpired bundle of the
 * organization for its item's country and number type. `bundles` are the organization's
 * bundles among those named (another organization's reads as none).
 */
export function assertOrderBundles(
  named: readonly NamedBundle[],
  bundles: readonly OrderBundle[],
  now: Date,
): void {
  const byId = new Map(bundles.map((bundle) => [bundle.id, bundle]));
  for (const entry of named) {
    const bundle = byId.get(entry.bundleId);
    const problem = !bundle
      ? "names no bundle of your organization"
      : bundle.status !== "approved"
        ? `is ${bundle.status}, not approved`
        : bundle.validUntil !== null && bundle.validUntil < utcDay(now)
          ? `expired on ${bundle.validUntil}`
          : bundle.countryId.trim() !== entry.countryId || bundle.numberTypeId !== entry.numberTypeId
            ? `is for ${bundle.countryId.trim()} ${bundle.numberTypeId} numbers, not ${entry.countryId} ${entry.numberTypeId}`
            : null;
    if (problem !== null)
      throw new ApiError(
        "invalid_bundle",
        `${entry.field}: bundle ${entry.bundleId} ${problem}. Nothing was ordered.`,
        `${entry.field}=${entry.bundleId}`,
      );
  }
}

/** Who approved the bundle, for the numbers' history. */
export type Approver = { userId: string | null; tokenId: string | null; name: string; role: string };

/**
 * Activates every pending number of the bundle's organization that the (just approved) bundle
 * covers, in the approval's transaction: status active, documents_due cleared, version raised
 * (the ETag changes), one history entry, number.activated event and audit entry each.
 * Answers the numbers activated.
 */
export async function activateCoveredNumbers(
  tx: Tx,
  bundle: { id: string; organizationId: string; countryId: string; numberTypeId: string },
  approver: Approver,
  now: Date,
): Promise<NumberConfiguration[]> {
  const waiting = heldStatesLeavingBy("activation");
  const types = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT DISTINCT d.document_type_id AS id FROM compliance_bundle_document bd
      JOIN compliance_document d ON d.id = bd.document_id WHERE bd.bundle_id = ${bundle.id}`;
  // Three short steps rather than one join: with statistics that lag behind (PGlite never
  // analyzes by itself), the join was planned as a nested loop over the country's numbers for
  // each pending one, 2–5 s for a thousand. Each step here is an index lookup by key. What a
  // number requires is number_documents' (prisma/functions/number_documents.sql): a sold
  // number's inventory row, a ported number's destination product, as its activation was gated.
  const pending = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM number_configuration
     WHERE organization_id = ${bundle.organizationId} AND status = ANY(${waiting}::number_status[])`;
  const covered = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT c.id FROM unnest(${pending.map((row) => row.id)}::text[]) AS c(id)
     CROSS JOIN LATERAL number_documents(c.id) d
     WHERE d.country = ${bundle.countryId.trim()} AND d.number_type = ${bundle.numberTypeId}
       AND d.documents <@ ${types.map((type) => type.id)}::text[]`;
  // Locked, and read again under the lock: only numbers still pending are activated.
  const claimed = await tx.$queryRaw<Array<{ id: string; status: HeldState; documents_due: Date | null }>>`
    SELECT id, status::text AS status, documents_due FROM number_configuration
     WHERE id = ANY(${covered.map((row) => row.id)}::text[]) AND status = ANY(${waiting}::number_status[])
       AND organization_id = ${bundle.organizationId}
     ORDER BY number
     FOR UPDATE`;
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => row.id);
  const active = "active";
  for (const row of claimed) assertNumberTransition(row.status, active, "activation");
  await tx.$executeRaw`
    UPDATE number_configuration
       SET status = ${active}::number_status, documents_due = NULL, documents_reminded_at = NULL, version = version + 1
     WHERE id = ANY(${ids}::text[]) AND status = ANY(${waiting}::number_status[])`;
  const rows = await tx.numberConfiguration.findMany({
    where: { id: { in: ids } },
    include: configurationInclude,
    orderBy: { number: "asc" },
  });
  const dueOf = new Map(claimed.map((row) => [row.id, row.documents_due?.toISOString() ?? null]));
  const statusOf = new Map(claimed.map((row) => [row.id, row.status]));
  const activated = rows.map((row) => ({ row, after: toNumberConfiguration(row) }));
  const before = (after: NumberConfiguration): NumberConfiguration => ({
    ...after,
    status: statusOf.get(after.number_id) ?? after.status,
    documents_due: dueOf.get(after.number_id) ?? null,
  });
  // The history keeps the pending version, so active_rule for a moment before now says why
  // no call was routed then.
  // One INSERT of unnested arrays, as the events and audit entries are written.
  await tx.$executeRaw`
    INSERT INTO configuration_change (configuration_id, organization_id, version, kind, changed_at, actor_user_id,
                                      actor_token_id, actor_name, actor_role, before, after)
    SELECT h.id, h.organization_id, h.version, 'activated', ${now}, ${approver.userId}, ${approver.tokenId},
           ${approver.name}, ${approver.role}, h.before, h.after
      FROM unnest(${activated.map(({ row }) => row.id)}::text[], ${activated.map(({ row }) => row.organizationId)}::text[],
                  ${activated.map(({ row }) => row.version)}::int[],
                  ${activated.map(({ after }) => JSON.stringify(before(after)))}::jsonb[],
                  ${activated.map(({ after }) => JSON.stringify(after))}::jsonb[])
           AS h(id, organization_id, version, before, after)`;
  await recordEvents(
    tx,
    activated.map(({ row, after }) => event(row.organizationId, "number.activated", after)),
    now,
  );
  await auditChanges(
    tx,
    activated.map(({ row }) => ({
      action: "number.activated",
      organizationId: row.organizationId,
      resource: { type: "number", id: row.id },
      changes: [
        { field: "status", from: statusOf.get(row.id) ?? null, to: active },
        { field: "documents_due", from: dueOf.get(row.id) ?? null, to: null },
        { field: "bundle_id", from: null, to: bundle.id },
      ],
      at: now,
    })),
  );
  return activated.map(({ after }) => after);
}
