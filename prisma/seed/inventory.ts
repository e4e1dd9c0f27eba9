// Bulk inventory loading in raw SQL: Prisma's createMany sends every value as its own bind
// parameter, while one array per column through unnest() loads 10,000 rows a statement.
// Past BULK_LOAD_THRESHOLD new numbers (a million-number seed) the load goes by COPY into a
// table stripped of its indexes and foreign keys, rebuilt afterwards (bulkLoad below).
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { generateInventory, type GeneratedNumber } from "@/prisma/seed/numbers";

const INVENTORY_BATCH_SIZE = 10_000;

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

/** Above this many new numbers, a load sets indexes and foreign keys aside and rebuilds them after. */
const BULK_LOAD_THRESHOLD = 100_000;

export type SeedInventoryOptions = {
  seed?: number;
  log?: (line: string) => void;
  /** How many new numbers make a load a bulk load; default BULK_LOAD_THRESHOLD. */
  bulkThreshold?: number;
};

/**
 * Brings the inventory up to `target` numbers from the generator's stream. Nothing happens
 * when it already holds that many; otherwise the first `target` numbers of the stream are
 * offered again and the database keeps the ones it lacks, so a larger target adds exactly
 * the numbers that follow.
 */
export async function seedInventory(
  sql: SqlExecutor,
  target: number,
  options: SeedInventoryOptions = {},
): Promise<{ added: number; total: number }> {
  const before = await countInventory(sql);
  if (before >= target) return { added: 0, total: before };
  const bulk = target - before > (options.bulkThreshold ?? BULK_LOAD_THRESHOLD);
  const added = bulk
    ? await bulkLoad(sql, before, target, options)
    : await insertInBatches(sql, target, options);
  // Index-only scans skip the table only for pages the visibility map marks all-visible,
  // which only VACUUM does; ANALYZE gives the planner the new row counts. After a small load
  // too: PGlite has no autovacuum, and without statistics its planner took the pick's partial
  // index for an empty one (docs/PERFORMANCE.md, "An empty array that walked an index").
  await sql.exec(`VACUUM (ANALYZE) "inventory_number"`);
  options.log?.("inventory: vacuumed and analyzed");
  return { added, total: before + added };
}

async function insertInBatches(
  sql: SqlExecutor,
  target: number,
  options: SeedInventoryOptions,
): Promise<number> {
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
      if (offered % 100_000 === 0)
        options.log?.(`inventory: ${offered.toLocaleString("en")} of ${target.toLocaleString("en")} numbers`);
    }
    if (offered === target) break;
  }
  if (inFlight) added += await inFlight;
  return added;
}

type Definition = { name: string; definition: string; unique: boolean };

/**
 * What a bulk load sets aside on the inventory table: every index but the primary key (and
 * any other that backs a constraint), and the foreign keys, whose per-row checks cost more
 * than the insert itself. Definitions come as PostgreSQL prints them, so re-running them
 * rebuilds exactly what the migrations made.
 */
export async function inventoryLoadObstacles(
  sql: SqlExecutor,
): Promise<{ indexes: Definition[]; foreignKeys: Definition[] }> {
  const indexes = await sql.query<Definition>(
    `SELECT c.relname AS "name", pg_get_indexdef(i.indexrelid) AS "definition", i.indisunique AS "unique"
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = '"inventory_number"'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY c.relname`,
  );
  const foreignKeys = await sql.query<Definition>(
    `SELECT conname AS "name", pg_get_constraintdef(oid) AS "definition", false AS "unique"
       FROM pg_constraint WHERE conrelid = '"inventory_number"'::regclass AND contype = 'f'
      ORDER BY conname`,
  );
  return { indexes, foreignKeys };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A large load (a million numbers) spends most of its time on per-row work: four foreign-key
 * checks and eight indexes kept up to date, two of them trigram GINs. Building each index
 * once over the loaded table and validating each foreign key with one join is several times
 * faster. Setting aside, loading and rebuilding are one transaction, so a load that fails or
 * is interrupted leaves the table as it was; meanwhile the table is locked, which is fine for
 * seeding. On a server the rows travel by COPY; PGlite inserts batches with ON CONFLICT,
 * which needs the unique index kept.
 */
async function bulkLoad(
  sql: SqlExecutor,
  before: number,
  target: number,
  options: SeedInventoryOptions,
): Promise<number> {
  const log = options.log ?? (() => {});
  let lapStart = performance.now();
  const lap = () => {
    const seconds = ((performance.now() - lapStart) / 1000).toFixed(1);
    lapStart = performance.now();
    return `${seconds} s`;
  };
  const added = await sql.transaction(async (tx) => {
    const copy = tx.copyFrom !== undefined;
    const obstacles = await inventoryLoadObstacles(tx);
    const indexes = obstacles.indexes.filter((index) => copy || !index.unique);
    for (const key of obstacles.foreignKeys)
      await tx.exec(`ALTER TABLE "inventory_number" DROP CONSTRAINT ${quoteIdent(key.name)}`);
    for (const index of indexes) await tx.exec(`DROP INDEX ${quoteIdent(index.name)}`);
    const loaded = copy
      ? await copyNumbers(tx, before, target, options)
      : await insertInBatches(tx, target, options);
    log(
      `inventory: ${loaded.toLocaleString("en")} numbers loaded without indexes and foreign keys (${lap()})`,
    );
    // Index builds sort in memory up to this much instead of spilling to many temporary
    // files. A server only: PGlite's memory is its WebAssembly heap.
    if (copy) await tx.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const index of indexes) {
      await tx.exec(index.definition);
      log(`inventory: index ${index.name} built (${lap()})`);
    }
    for (const key of obstacles.foreignKeys) {
      await tx.exec(
        `ALTER TABLE "inventory_number" ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`,
      );
    }
    log(`inventory: ${obstacles.foreignKeys.length} foreign keys validated (${lap()})`);
    return loaded;
  });
  return added;
}

const COPY_COLUMNS = `"number_e164", "national_number", "country_id", "number_type_id", "region_id", "sms_enabled",
  "voice_enabled", "required_document_ids", "standard_capacity", "geographic_restrictions", "mobile_accessible",
  "outside_country_display", "portable"`;

/**
 * COPYs the first `target` numbers of the stream. Into an empty table they go straight in
 * (the stream never repeats a number); otherwise through a temporary table, from which only
 * the numbers not yet in inventory are inserted, in stream order. The unique index on
 * number_e164 is rebuilt afterwards, so a duplicate could not slip through either way.
 */
async function copyNumbers(
  tx: SqlExecutor,
  before: number,
  target: number,
  options: SeedInventoryOptions,
): Promise<number> {
  const copyFrom = tx.copyFrom!.bind(tx);
  if (before === 0) {
    await copyFrom(`COPY "inventory_number" (${COPY_COLUMNS}) FROM STDIN`, copyChunks(target, options));
    return target;
  }
  await tx.exec(
    `CREATE TEMPORARY TABLE "inventory_seed" ON COMMIT DROP AS SELECT ${COPY_COLUMNS} FROM "inventory_number" WITH NO DATA`,
  );
  await copyFrom(`COPY "inventory_seed" (${COPY_COLUMNS}) FROM STDIN`, copyChunks(target, options));
  const [row] = await tx.query<{ count: number }>(
    `WITH inserted AS (
       INSERT INTO "inventory_number" (${COPY_COLUMNS})
       SELECT ${COPY_COLUMNS} FROM "inventory_seed" AS s
        WHERE NOT EXISTS (SELECT 1 FROM "inventory_number" AS n WHERE n."number_e164" = s."number_e164")
        ORDER BY s.ctid
       RETURNING 1)
     SELECT count(*)::int AS "count" FROM inserted`,
  );
  return row.count;
}

const ROWS_PER_CHUNK = 2_000;

/** COPY text format: one line a number, tab-separated, in the order of COPY_COLUMNS. */
function* copyChunks(target: number, options: SeedInventoryOptions): Generator<string> {
  let chunk = "";
  let offered = 0;
  // What a region's numbers share (ids, texts, most document lists) is escaped once.
  const regionFields = new Map<string, string>();
  const documentFields = new Map<string, string>();
  const textFields = new Map<string, string>();
  for (const number of generateInventory({ seed: options.seed })) {
    let region = regionFields.get(number.regionId);
    if (region === undefined) {
      region = [number.countryId, number.numberTypeId, number.regionId].map(copyField).join("\t");
      regionFields.set(number.regionId, region);
    }
    const documentKey = number.requiredDocumentIds.join(",");
    let documents = documentFields.get(documentKey);
    if (documents === undefined) {
      documents = copyField(`{${number.requiredDocumentIds.map(arrayElement).join(",")}}`);
      documentFields.set(documentKey, documents);
    }
    const texts = [
      number.standardCapacity,
      number.geographicRestrictions,
      number.mobileAccessible,
      number.outsideCountryDisplay,
      number.portable,
    ];
    const textKey = texts.join("\u0000");
    let tail = textFields.get(textKey);
    if (tail === undefined) {
      tail = texts.map(copyField).join("\t");
      textFields.set(textKey, tail);
    }
    chunk += `${copyField(number.numberE164)}\t${copyField(number.nationalNumber)}\t${region}\t${number.smsEnabled ? "t" : "f"}\t${number.voiceEnabled ? "t" : "f"}\t${documents}\t${tail}\n`;
    offered++;
    if (offered % ROWS_PER_CHUNK === 0 || offered === target) {
      yield chunk;
      chunk = "";
      if (offered % 100_000 === 0)
        options.log?.(`inventory: ${offered.toLocaleString("en")} of ${target.toLocaleString("en")} numbers`);
    }
    if (offered === target) return;
  }
}

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value as COPY's text format reads it back unchanged. */
export function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]);
}

function arrayElement(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}
