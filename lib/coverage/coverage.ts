import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";

// Which numbers an organization's approved bundles cover (docs/CONTRACT.md §17), said once for every
// caller: a sale (pending or active), an approval (which pending numbers it activates),
// inventory search (activatable_now, and the words beside each number), a restore (the status a
// released number comes back with). Its own folder, below lib/compliance, lib/numbers,
// lib/orders, lib/cart and lib/inventory, so that each may ask without importing another.
// A bundle covers a number when it is approved and not past valid_until, is for the number's
// country and type, and carries a document of every type the number requires.

/** YYYY-MM-DD of a moment, in UTC: a bundle is valid through its valid_until day. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** An approved, unexpired bundle and the document types it carries. */
export type CoveringBundle = {
  id: string;
  countryId: string;
  numberTypeId: string;
  documentTypeIds: string[];
};

/** What a number is, as far as covering it goes. */
type Coverable = { countryId: string; numberTypeId: string; requiredDocumentIds: readonly string[] };

/** SQL: the bundle `bundle` (an alias of compliance_bundle) is approved and valid on `now`'s day. */
const approvedOn = (bundle: Prisma.Sql, now: Date) =>
  Prisma.sql`${bundle}.status = 'approved' AND (${bundle}.valid_until IS NULL OR ${bundle}.valid_until >= ${utcDay(now)}::date)`;

/** SQL: the document types of the bundle whose id is the expression `bundleId`. */
const documentTypesOf = (bundleId: Prisma.Sql) => Prisma.sql`ARRAY(
  SELECT d.document_type_id FROM compliance_bundle_document bd
    JOIN compliance_document d ON d.id = bd.document_id
   WHERE bd.bundle_id = ${bundleId})`;

type BundleRow = { id: string; country_id: string; number_type_id: string; document_type_ids: string[] };

/** The organization's approved, unexpired bundles (of one country when given), oldest review first. */
export async function loadCoveringBundles(
  db: Pick<Tx, "$queryRaw">,
  organizationId: string,
  now: Date,
  countryId?: string,
): Promise<CoveringBundle[]> {
  const country = countryId === undefined ? Prisma.empty : Prisma.sql`AND b.country_id = ${countryId}`;
  const rows = await db.$queryRaw<BundleRow[]>`
    SELECT b.id, b.country_id, b.number_type_id, ${documentTypesOf(Prisma.sql`b.id`)} AS document_type_ids
      FROM compliance_bundle b
     WHERE b.organization_id = ${organizationId} ${country} AND ${approvedOn(Prisma.sql`b`, now)}
     ORDER BY b.reviewed_at, b.id`;
  return rows.map((row) => ({
    id: row.id,
    countryId: row.country_id.trim(),
    numberTypeId: row.number_type_id,
    documentTypeIds: [...new Set(row.document_type_ids)].sort(),
  }));
}

/** The first bundle that covers the number, or null (a number needing nothing needs none). */
export function coveringBundle(number: Coverable, bundles: readonly CoveringBundle[]): CoveringBundle | null {
  return (
    bundles.find(
      (bundle) =>
        bundle.countryId === number.countryId &&
        bundle.numberTypeId === number.numberTypeId &&
        number.requiredDocumentIds.every((id) => bundle.documentTypeIds.includes(id)),
    ) ?? null
  );
}

/**
 * SQL for inventory search's activatable_now=true, with the bundles already loaded: numbers
 * needing no document, or whose documents one of them covers. Each bundle is one `<@` test
 * on the row's array, so the search's index plans stay as they are.
 */
export function activatableNowSql(bundles: readonly CoveringBundle[]): Prisma.Sql {
  const covered = bundles.map(
    (bundle) =>
      Prisma.sql`(number_type_id = ${bundle.numberTypeId} AND required_document_ids <@ ${bundle.documentTypeIds}::text[])`,
  );
  return Prisma.sql`(${Prisma.join([Prisma.sql`cardinality(required_document_ids) = 0`, ...covered], " OR ")})`;
}

/**
 * The status a restored number comes back with: a number released while pending (its
 * documents_due is kept) is active again only if a bundle now covers it; otherwise it is
 * pending with its old deadline, which the worker then enforces. Asked of the rule its
 * activation used (sale_documents_gated), with the documents it was gated by (number_documents:
 * a sold number's inventory row's, a ported number's destination product's, as at the FOC).
 */
export async function restoredStatus(
  tx: Tx,
  configurationId: string,
  now: Date,
): Promise<"active" | "pending_documents"> {
  const [row] = await tx.$queryRaw<Array<{ gated: boolean }>>`
    SELECT c.documents_due IS NOT NULL
           AND sale_documents_gated(c.organization_id, d.country, d.number_type, d.documents, ${utcDay(now)}::date) AS gated
      FROM number_configuration c
     CROSS JOIN LATERAL number_documents(c.id) d
     WHERE c.id = ${configurationId}`;
  return row?.gated ? "pending_documents" : "active";
}
