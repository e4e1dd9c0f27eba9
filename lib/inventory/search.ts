import { Prisma } from "@/lib/generated/prisma/client";
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
  const where = whereClause(search);
  // The page is found on the index alone (every column it reads is in the search indexes);
  // only its rows are then read from the table, not the up to 100,000 an offset skips.
  const rows = await prisma.$queryRaw<InventoryRow[]>`
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
  return { items, total: await countMatches(search, where, rows.length) };
}

// A short page that is not past the end is the last one, so its end is the total and the
// count query (the expensive half of a broad search) can be skipped.
async function countMatches(search: InventorySearch, where: Prisma.Sql, pageSize: number): Promise<number> {
  if (pageSize < search.limit && (pageSize > 0 || search.offset === 0)) return search.offset + pageSize;
  const prisma = await getPrisma();
  const [{ total }] = await prisma.$queryRaw<[{ total: number }]>`SELECT count(*)::int AS total FROM inventory_number WHERE ${where}`;
  return total;
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
