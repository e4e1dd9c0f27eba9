import "server-only";
import { timed } from "@/lib/server-timing";
import { Prisma } from "@/lib/generated/prisma/client";
import { readDb } from "@/lib/db/replicas";
import { assertGeography } from "@/lib/inventory/geography";
import { assertKnownDocumentTypes, loadDocumentTypes, requiredDocuments } from "@/lib/inventory/documents";
import { notHeldByAnother } from "@/lib/inventory/holds-sql";
import { readContains, readStartsWith } from "@/lib/inventory/typed-digits";
import type { InventoryNumber, InventoryQuery } from "@/lib/schemas/inventory";
import { totalFromPage } from "@/lib/db/paged";
import { activatableNowSql, loadCoveringBundles, type CoveringBundle } from "@/lib/coverage/coverage";
import { describeActivation } from "@/lib/inventory/activation-note";
import { sharedTotal } from "@/lib/inventory/shared-total";

/**
 * Who searches, and when: numbers another organization holds at `now` are left out, and the
 * viewer's own live holds are answered with their held_until (docs/CONTRACT.md §5, §12).
 */
type InventoryViewer = { organizationId: string; now: Date };

export type InventoryCriteria = InventoryQuery & {
  country: string;
  numberType?: string;
  viewer: InventoryViewer;
  /** The caller's approved bundles of the country, for activatable_now (loaded by searchInventory). */
  bundles?: readonly CoveringBundle[];
};

export type InventoryRow = {
  number_e164: string;
  national_number: string;
  country_id: string;
  number_type_id: string;
  region_id: string;
  sms_enabled: boolean;
  voice_enabled: boolean;
  required_document_ids: string[];
  standard_capacity: string;
  geographic_restrictions: string;
  mobile_accessible: string;
  outside_country_display: string;
  portable: string;
  held_until: Date | null;
};

/**
 * One page of the numbers for sale that match every filter, ordered by number, and how many
 * match in all. Raw SQL so each filter maps onto an index: the covering (country[, type],
 * status, number, …) btrees serve the ordering and the filters without reading the table,
 * and the trigram GIN indexes serve digit patterns of three digits or more.
 */
export async function searchInventory(
  search: InventoryCriteria,
): Promise<{ items: InventoryNumber[]; total: number }> {
  await assertGeography(
    { country: search.country, numberType: search.numberType, region: search.region },
    "query.region",
  );
  // A starts_with that cannot match in this country is refused before anything is read.
  if (search.starts_with !== undefined) readStartsWith(search.country, search.starts_with);
  const documentTypes = await loadDocumentTypes();
  if (search.exclude_documents)
    assertKnownDocumentTypes(search.exclude_documents, documentTypes, "query.exclude_documents");

  const prisma = await readDb();
  // The caller's approved bundles of the country (docs/CONTRACT.md §17): what activatable_now and the
  // words beside each number are about.
  const bundles = await loadCoveringBundles(
    prisma,
    search.viewer.organizationId,
    search.viewer.now,
    search.country,
  );
  const { rows, total } = await findInventoryRows(
    { ...search, bundles },
    (statement) => prisma.$queryRaw(statement),
    prisma,
  );
  const items = rows.map((row) => ({
    number_e164: row.number_e164,
    number_local_format: row.national_number,
    country: row.country_id,
    number_type: row.number_type_id,
    region: row.region_id,
    required_documents: requiredDocuments(row.required_document_ids, documentTypes),
    standard_capacity: row.standard_capacity,
    geographic_restrictions: row.geographic_restrictions,
    mobile_accessible: row.mobile_accessible,
    outside_country_display: row.outside_country_display,
    portable: row.portable,
    capabilities: { sms: row.sms_enabled, voice: row.voice_enabled },
    ...describeActivation(row, bundles, documentTypes),
    ...(row.held_until ? { held_until: new Date(row.held_until).toISOString() } : {}),
  }));
  return { items, total };
}

/**
 * One page of rows and the total, with `run` sending each statement and `owner` (the
 * database client) keying the shared totals. Exported for the benchmark's bare-driver
 * baseline, so it runs exactly the SQL the API runs on its own driver.
 */
export async function findInventoryRows(
  search: InventoryCriteria,
  run: <Row>(statement: Prisma.Sql) => Promise<Row[]>,
  owner: object,
): Promise<{ rows: InventoryRow[]; total: number }> {
  const statements = inventorySearchSql(search);
  const rows = await run<InventoryRow & { hidden: number }>(statements.page);
  const pageTotal = totalFromPage(search, rows.length);
  if (pageTotal !== null) return { rows, total: pageTotal };
  // The shared total counts every number for sale; the few others hold are taken off here,
  // counted fresh each time (a small join driven by number_hold), so the shared one stays
  // shared by every organization and costs nothing more when nothing is held. The page
  // carries that count (one round trip fewer); a page past the end has no row to carry it.
  const [total, hidden] = await Promise.all([
    timed(
      "count",
      sharedTotal(owner, statements.count, async () => {
        const [row] = await run<{ total: number }>(statements.count);
        return row.total;
      }),
    ),
    rows.length > 0
      ? rows[0].hidden
      : run<{ hidden: number }>(statements.heldByOthers).then(([row]) => row.hidden),
  ]);
  return { rows, total: total - hidden };
}

/** The statements of a search: the page (carrying how many others hold), how many match in all, and how many others hold on its own. */
function inventorySearchSql(search: InventoryCriteria): {
  page: Prisma.Sql;
  count: Prisma.Sql;
  heldByOthers: Prisma.Sql;
} {
  const where = whereClause(search);
  const { organizationId, now } = search.viewer;
  // Driven by the holds: `= ANY (ARRAY(…))` makes them one array the index is probed with. As
  // `IN (SELECT …)` the planner merge-joined the whole country's index against them instead:
  // 57 ms instead of 14 ms for US local numbers with 1,000 held, at 1,000,000 numbers.
  const hiddenCount = Prisma.sql`
    SELECT count(*)::int FROM inventory_number
    WHERE ${where} AND number_e164 = ANY (ARRAY(
      SELECT h.number_e164 FROM number_hold h WHERE h.organization_id <> ${organizationId} AND h.held_until > ${now}
    ))`;
  // The page is found on the index alone (every column it reads is in the search indexes);
  // only its rows are then read from the table, not the up to 100,000 an offset skips.
  const page = Prisma.sql`
    WITH page AS (
      SELECT number_e164 FROM inventory_number
      WHERE ${where} AND ${notHeldByAnother(Prisma.sql`inventory_number.number_e164`, organizationId, now)}
      ORDER BY number_e164
      LIMIT ${search.limit} OFFSET ${search.offset}
    )
    SELECT n.number_e164, n.national_number, n.country_id, n.number_type_id, n.region_id, n.sms_enabled,
           n.voice_enabled, n.required_document_ids, n.standard_capacity, n.geographic_restrictions,
           n.mobile_accessible, n.outside_country_display, n.portable, own.held_until,
           (${hiddenCount}) AS hidden
    FROM page JOIN inventory_number n ON n.number_e164 = page.number_e164
    LEFT JOIN number_hold own ON own.number_e164 = n.number_e164 AND own.organization_id = ${organizationId} AND own.held_until > ${now}
    ORDER BY n.number_e164`;
  const count = Prisma.sql`SELECT count(*)::int AS total FROM inventory_number WHERE ${where}`;
  const heldByOthers = Prisma.sql`SELECT (${hiddenCount}) AS hidden`;
  return { page, count, heldByOthers };
}

// Every value goes in as a bind parameter; the only SQL text here is fixed.
function whereClause(search: InventoryCriteria): Prisma.Sql {
  const conditions: Prisma.Sql[] = [
    Prisma.sql`country_id = ${search.country}`,
    Prisma.sql`status = 'available'`,
  ];
  if (search.numberType !== undefined) conditions.push(Prisma.sql`number_type_id = ${search.numberType}`);
  if (search.region !== undefined) conditions.push(Prisma.sql`region_id = ${search.region}`);
  // Patterns hold digits only (the schemas say so), so LIKE's % and _ cannot sneak in.
  if (search.contains !== undefined) {
    const typedPlus = search.contains.startsWith("+");
    const patterns = readContains(search.country, search.contains.replace(/^\+/, ""), typedPlus).map(
      (digits) => `%${digits}%`,
    );
    conditions.push(
      Prisma.sql`(${Prisma.join(
        patterns.map((pattern) => Prisma.sql`national_number LIKE ${pattern} OR number_e164 LIKE ${pattern}`),
        " OR ",
      )})`,
    );
  }
  const startsWith =
    search.starts_with === undefined ? null : readStartsWith(search.country, search.starts_with);
  if (startsWith !== null) {
    // The column is one of two fixed names, never the caller's text.
    const column = Prisma.raw(startsWith.column);
    conditions.push(
      Prisma.sql`(${Prisma.join(
        startsWith.prefixes.map((prefix) => Prisma.sql`${column} LIKE ${`${prefix}%`}`),
        " OR ",
      )})`,
    );
  }
  if (search.ends_with !== undefined)
    conditions.push(Prisma.sql`national_number LIKE ${`%${search.ends_with}`}`);
  if (search.sms_enabled !== undefined) conditions.push(Prisma.sql`sms_enabled = ${search.sms_enabled}`);
  if (search.voice_enabled !== undefined)
    conditions.push(Prisma.sql`voice_enabled = ${search.voice_enabled}`);
  if (search.exclude_all_documents_required)
    conditions.push(Prisma.sql`cardinality(required_document_ids) = 0`);
  if (search.exclude_documents !== undefined) {
    conditions.push(Prisma.sql`NOT (required_document_ids && ${search.exclude_documents}::text[])`);
  }
  if (search.activatable_now !== undefined) {
    const activatable = activatableNowSql(search.bundles ?? []);
    conditions.push(search.activatable_now ? activatable : Prisma.sql`NOT ${activatable}`);
  }
  return Prisma.join(conditions, " AND ");
}
