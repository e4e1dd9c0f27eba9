// The bulk path of the inventory loader (COPY on PostgreSQL, batches on PGlite, indexes and
// foreign keys set aside and rebuilt), on a small scale by lowering its threshold; then a small
// load after it.
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, type Database } from "@/lib/db/client";
import { copyField, inventoryLoadObstacles, seedInventory } from "@/prisma/seed/inventory";
import { generateNumbers } from "@/prisma/seed/numbers";

type Row = {
  number_e164: string;
  national_number: string;
  region_id: string;
  sms_enabled: boolean;
  voice_enabled: boolean;
  required_document_ids: string[];
  portable: string;
};

const ROW_SQL = `SELECT "number_e164", "national_number", "region_id", "sms_enabled", "voice_enabled",
                        "required_document_ids", "portable"
                   FROM "inventory_number" ORDER BY "id"`;

function expected(count: number): Row[] {
  return generateNumbers(count).map((number) => ({
    number_e164: number.numberE164,
    national_number: number.nationalNumber,
    region_id: number.regionId,
    sms_enabled: number.smsEnabled,
    voice_enabled: number.voiceEnabled,
    required_document_ids: number.requiredDocumentIds,
    portable: number.portable,
  }));
}

let db: Database;
let obstaclesBefore: Awaited<ReturnType<typeof inventoryLoadObstacles>>;

beforeAll(async () => {
  db = await getDatabase();
  obstaclesBefore = await inventoryLoadObstacles(db.sql);
  // This file's database is its own: empty the inventory so the load starts from nothing.
  await db.sql.exec(
    `DELETE FROM "number_configuration" WHERE "inventory_number_id" IS NOT NULL; DELETE FROM "inventory_number";`,
  );
});

describe("seedInventory in bulk", () => {
  it("loads an empty table with the stream's numbers, in stream order, exactly as generated", async () => {
    expect(await seedInventory(db.sql, 1_500, { bulkThreshold: 1_000 })).toEqual({
      added: 1_500,
      total: 1_500,
    });
    expect(await db.sql.query<Row>(ROW_SQL)).toEqual(expected(1_500));
  });

  it("adds only what is missing to a table that has numbers, the missing ones first in stream order", async () => {
    const removed = await db.sql.query<{ number_e164: string }>(
      `DELETE FROM "inventory_number" WHERE "id" IN (SELECT "id" FROM "inventory_number" ORDER BY "id" OFFSET 700 LIMIT 5)
       RETURNING "number_e164"`,
    );
    expect(await seedInventory(db.sql, 2_600, { bulkThreshold: 1_000 })).toEqual({
      added: 1_105,
      total: 2_600,
    });
    const rows = await db.sql.query<Row>(ROW_SQL);
    const all = expected(2_600);
    const gone = new Set(removed.map((row) => row.number_e164));
    expect(rows).toEqual([
      ...all.slice(0, 1_500).filter((row) => !gone.has(row.number_e164)),
      ...all.filter((row, index) => (index < 1_500 ? gone.has(row.number_e164) : true)),
    ]);
    expect(await seedInventory(db.sql, 2_600, { bulkThreshold: 1_000 })).toEqual({ added: 0, total: 2_600 });
  });

  it("puts back every index and foreign key it set aside, exactly as they were", async () => {
    // The unique index on number_e164 backs number_hold's foreign key, so it stays in place.
    expect(obstaclesBefore.indexes.length).toBeGreaterThanOrEqual(6);
    expect(obstaclesBefore.foreignKeys.length).toBeGreaterThanOrEqual(4);
    expect(await inventoryLoadObstacles(db.sql)).toEqual(obstaclesBefore);
  });
});

describe("seedInventory below the bulk threshold", () => {
  it("leaves the inventory analyzed, since PGlite has no autovacuum to do it", async () => {
    expect(await seedInventory(db.sql, 2_700)).toEqual({ added: 100, total: 2_700 });
    const [table] = await db.sql.query<{ reltuples: number }>(
      `SELECT "reltuples" FROM pg_class WHERE "oid" = '"inventory_number"'::regclass`,
    );
    expect(table.reltuples).toBe(2_700);
  });
});

describe("copyField", () => {
  it("escapes what COPY's text format would read as a separator or an escape", () => {
    expect(copyField("plain text, 100%")).toBe("plain text, 100%");
    expect(copyField("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
  });
});
