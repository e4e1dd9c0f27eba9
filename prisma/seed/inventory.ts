// Bulk inventory loading in raw SQL: Prisma's createMany sends every value as its own bind
// parameter, while one array per column through unnest() loads 10,000 rows a statement.
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { generateInventory, type GeneratedNumber } from "@/prisma/seed/numbers";

export const INVENTORY_BATCH_SIZE = 10_000;

// Columns that are the same for every number of a region travel once per region (the
// second unnest), which more than halves what a batch sends. Document ids travel as one
// comma-joined string a row, because unnest() would flatten a text[][].
const INSERT_INVENTORY = `
WITH inserted AS (
  INSERT INTO "inventory_number" (
    "number_e164", "national_number", "country_id", "number_type_id", "region_id",
    "sms_enabled", "voice_enabled", "required_document_ids", "standard_capacity",
    "geographic_restrictions", "mobile_accessible", "outside_country_display", "portable")
  SELECT n.e164, n.national, r.country, r.type, n.region, n.sms, n.voice,
         string_to_array(n.documents, ','), r.capacity, r.restrictions, r.mobile, r.outside, r.portable
  FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::boolean[], $6::text[])
         WITH ORDINALITY AS n(e164, national, region, sms, voice, documents, position)
  JOIN unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
         AS r(region, country, type, capacity, restrictions, mobile, outside, portable) ON r.region = n.region
  ORDER BY n.position
  ON CONFLICT ("number_e164") DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS "count" FROM inserted`;

/** Inserts the numbers not yet in inventory; returns how many were new. */
export async function insertInventoryNumbers(sql: SqlExecutor, numbers: GeneratedNumber[]): Promise<number> {
  if (numbers.length === 0) return 0;
  const regions = new Map<string, GeneratedNumber>();
  for (const number of numbers) if (!regions.has(number.regionId)) regions.set(number.regionId, number);
  const perRegion = [...regions.values()];
  const [row] = await sql.query<{ count: number }>(INSERT_INVENTORY, [
    numbers.map((number) => number.numberE164),
    numbers.map((number) => number.nationalNumber),
    numbers.map((number) => number.regionId),
    numbers.map((number) => number.smsEnabled),
    numbers.map((number) => number.voiceEnabled),
    numbers.map((number) => number.requiredDocumentIds.join(",")),
    perRegion.map((number) => number.regionId),
    perRegion.map((number) => number.countryId),
    perRegion.map((number) => number.numberTypeId),
    perRegion.map((number) => number.standardCapacity),
    perRegion.map((number) => number.geographicRestrictions),
    perRegion.map((number) => number.mobileAccessible),
    perRegion.map((number) => number.outsideCountryDisplay),
    perRegion.map((number) => number.portable),
  ]);
  return row.count;
}

export async function countInventory(sql: SqlExecutor): Promise<number> {
  const [row] = await sql.query<{ count: number }>(`SELECT count(*)::int AS "count" FROM "inventory_number"`);
  return row.count;
}

/**
 * Brings the inventory up to `target` numbers from the generator's stream. Nothing happens
 * when it already holds that many; otherwise the first `target` numbers of the stream are
 * offered again and the database keeps the ones it lacks, so a larger target adds exactly
 * the numbers that follow.
 */
export async function seedInventory(
  sql: SqlExecutor,
  target: number,
  options: { seed?: number; log?: (line: string) => void } = {},
): Promise<{ added: number; total: number }> {
  const before = await countInventory(sql);
  if (before >= target) return { added: 0, total: before };
  let added = 0;
  let offered = 0;
  let batch: GeneratedNumber[] = [];
  // One batch in flight while the next is generated: the database and the generator work
  // at the same time on a server; on PGlite (same thread) this changes nothing.
  let inFlight: Promise<number> | undefined;
  for (const number of generateInventory({ seed: options.seed })) {
    batch.push(number);
    offered++;
    if (batch.length === INVENTORY_BATCH_SIZE || offered === target) {
      if (inFlight) added += await inFlight;
      inFlight = insertInventoryNumbers(sql, batch);
      // Awaited at the next batch; until then a failure must not count as unhandled.
      inFlight.catch(() => {});
      batch = [];
      // Lets the driver send the statement before generation takes the thread again.
      await new Promise((resolve) => setImmediate(resolve));
      if (offered % 100_000 === 0) options.log?.(`inventory: ${offered.toLocaleString("en")} of ${target.toLocaleString("en")} numbers`);
    }
    if (offered === target) break;
  }
  if (inFlight) added += await inFlight;
  return { added, total: before + added };
}
