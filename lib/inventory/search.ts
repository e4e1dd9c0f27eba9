import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/db/client";
import { assertGeography } from "@/lib/inventory/geography";
import { assertKnownDocumentTypes, loadDocumentTypes, requiredDocuments } from "@/lib/inventory/documents";
import type { InventoryNumber, InventoryQuery } from "@/lib/schemas/inventory";

export type InventorySearch = InventoryQuery & { country: string; numberType?: string };

type InventoryRow = {
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
};

/**
 * One page of the numbers for sale that match every filter, ordered by number, and how many
 * match in all. Raw SQL so each filter maps onto an index: the covering (country[, type],
 * status, number, …) btrees serve the ordering and the filters without reading the table,
 * and the trigram GIN indexes serve digit patterns of three digits or more.
 */
export async function searchInventory(search: InventorySearch): Promise<{ items: InventoryNumber[]; total: number }> {
  await assertGeography({ country: search.country, numberType: search.numberType, region: search.region }, "query.region");
  const documentTypes = await loadDocumentTypes();
  if (search.exclude_documents) assertKnownDocumentTypes(search.exclude_documents, documentTypes, "query.exclude_documents");

  const prisma = await getPrisma();
  const statements = inventorySearchSql(search);
  const rows = await prisma.$queryRaw<InventoryRow[]>(statements.page);
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
  }));
  if (!needsCount(search, rows.length)) return { items, total: search.offset + rows.length };
  return { items, total: await countMatches(prisma, statements.count) };
}

// Counting every match is the one part of a search that grows with the inventory: ~80,000
// index entries for US local numbers at a million numbers, 20–50 ms of a core, on every page
// of every broad search. Totals are therefore shared for a moment between searches with the
// same filters (any page): concurrent ones share one count, and a total is reused for
// COUNT_TTL_MS. Every order and back-order fill of this process forgets them on commit, so
// this instance's own sales show at once; another instance's show within COUNT_TTL_MS.
// (The page and the total were never one snapshot: they are two statements.)
export const COUNT_TTL_MS = 2_000;
const MAX_CACHED_COUNTS = 5_000;

type CachedCount = { total: Promise<number>; expires: number };
// On globalThis, per database client: Next gives each route bundle its own module instances,
// and the order route must reach the cache the inventory routes fill.
const countHolder = globalThis as typeof globalThis & { __numbersInventoryCounts?: WeakMap<object, Map<string, CachedCount>> };

function countMatches(prisma: PrismaClient, statement: Prisma.Sql): Promise<number> {
  return sharedTotal(prisma, statement, () => prisma.$queryRaw<[{ total: number }]>(statement).then(([row]) => row.total));
}

/**
 * The total of a count statement, shared as described above among the callers that use the
 * same `owner` (a database client). Exported so the benchmark's bare-driver baseline counts
 * exactly as often as the app does.
 */
export function sharedTotal(owner: object, statement: Prisma.Sql, count: () => Promise<number>): Promise<number> {
  const caches = (countHolder.__numbersInventoryCounts ??= new WeakMap());
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const key = `${statement.text}\u0000${JSON.stringify(statement.values)}`;
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && cached.expires > now) return cached.total;
  if (cache.size >= MAX_CACHED_COUNTS) {
    for (const [entryKey, entry] of cache) if (entry.expires <= now) cache.delete(entryKey);
    if (cache.size >= MAX_CACHED_COUNTS) cache.clear();
  }
  const total = count();
  const entry = { total, expires: now + COUNT_TTL_MS };
  cache.set(key, entry);
  const owned = cache;
  // A failed count is not shared: the next search counts again.
  total.catch(() => {
    if (owned.get(key) === entry) owned.delete(key);
  });
  return total;
}

/** Forgets every shared total: called after anything this process commits changes what is for sale. */
export function forgetInventoryCounts(): void {
  countHolder.__numbersInventoryCounts = new WeakMap();
}

/**
 * The two statements of a search: the page, and how many match in all. Exported so the
 * benchmark's bare-driver baseline runs exactly the SQL the API runs.
 */
export function inventorySearchSql(search: InventorySearch): { page: Prisma.Sql; count: Prisma.Sql } {
  const where = whereClause(search);
  // The page is found on the index alone (every column it reads is in the search indexes);
  // only its rows are then read from the table, not the up to 100,000 an offset skips.
  const page = Prisma.sql`
    WITH page AS (
      SELECT number_e164 FROM inventory_number
      WHERE ${where}
      ORDER BY number_e164
      LIMIT ${search.limit} OFFSET ${search.offset}
    )
    SELECT n.number_e164, n.national_number, n.country_id, n.number_type_id, n.region_id, n.sms_enabled,
           n.voice_enabled, n.required_document_ids, n.standard_capacity, n.geographic_restrictions,
           n.mobile_accessible, n.outside_country_display, n.portable
    FROM page JOIN inventory_number n ON n.number_e164 = page.number_e164
    ORDER BY n.number_e164`;
  const count = Prisma.sql`SELECT count(*)::int AS total FROM inventory_number WHERE ${where}`;
  return { page, count };
}

/**
 * A short page that is not past the end is the last one, so its end is the total and the
 * count query (the expensive half of a broad search) can be skipped.
 */
export function needsCount(search: Pick<InventorySearch, "limit" | "offset">, pageSize: number): boolean {
  return !(pageSize < search.limit && (pageSize > 0 || search.offset === 0));
}

// Every value goes in as a bind parameter; the only SQL text here is fixed.
function whereClause(search: InventorySearch): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`country_id = ${search.country}`, Prisma.sql`status = 'available'`];
  if (search.numberType !== undefined) conditions.push(Prisma.sql`number_type_id = ${search.numberType}`);
  if (search.region !== undefined) conditions.push(Prisma.sql`region_id = ${search.region}`);
  // Patterns hold digits only (the schemas say so), so LIKE's % and _ cannot sneak in.
  if (search.contains !== undefined) {
    const pattern = `%${search.contains}%`;
    conditions.push(Prisma.sql`(national_number LIKE ${pattern} OR number_e164 LIKE ${pattern})`);
  }
  if (search.starts_with !== undefined) conditions.push(Prisma.sql`national_number LIKE ${`${search.starts_with}%`}`);
  if (search.ends_with !== undefined) conditions.push(Prisma.sql`national_number LIKE ${`%${search.ends_with}`}`);
  if (search.sms_enabled !== undefined) conditions.push(Prisma.sql`sms_enabled = ${search.sms_enabled}`);
  if (search.voice_enabled !== undefined) conditions.push(Prisma.sql`voice_enabled = ${search.voice_enabled}`);
  if (search.exclude_all_documents_required) conditions.push(Prisma.sql`cardinality(required_document_ids) = 0`);
  if (search.exclude_documents !== undefined) {
    conditions.push(Prisma.sql`NOT (required_document_ids && ${search.exclude_documents}::text[])`);
  }
  return Prisma.join(conditions, " AND ");
}
