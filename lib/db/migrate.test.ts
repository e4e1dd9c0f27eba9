import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "@/lib/db/migrate";
import { openPglite } from "@/lib/db/pglite";
import { wrapPglite } from "@/lib/db/client";
import { diffMigrationsToSchema } from "@/lib/db/schema-diff";

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

// One embedded database for the runner's tests, emptied before each: starting a PGlite
// costs seconds, emptying a schema costs milliseconds.
const shared = wrapPglite(await openPglite("memory://"));
afterAll(() => shared.close());

async function freshDatabase() {
  await shared.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
  return { sql: shared.sql, close: async () => {} };
}

describe("schema.prisma and prisma/migrations", () => {
  it("describe the same database (run `npm run db:diff -- <name>` when this fails)", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
    // Two embedded databases, every migration and function file applied to one: about a minute
    // on a loaded machine.
  }, 180_000);
});

describe("the migration runner", () => {
  it("applies the project's migrations once, in order", async () => {
    const db = await freshDatabase();
    const names = readMigrations().map((m) => m.name);
    expect(await applyMigrations(db.sql)).toEqual(names);
    expect(await applyMigrations(db.sql)).toEqual([]);
    const recorded = await db.sql.query<{ name: string }>(`SELECT name FROM "_migrations" ORDER BY name`);
    expect(recorded.map((r) => r.name)).toEqual(names);
    await db.close();
  });

  it("sorts by name and records checksums", async () => {
    const db = await freshDatabase();
    const dir = migrationsDir({ "002_b": "CREATE TABLE b (id int);", "001_a": "CREATE TABLE a (id int);" });
    expect(await applyMigrations(db.sql, readMigrations(dir))).toEqual(["001_a", "002_b"]);
    const rows = await db.sql.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM "_migrations" ORDER BY name`,
    );
    expect(rows).toEqual(readMigrations(dir).map((m) => ({ name: m.name, checksum: m.checksum })));
    await db.close();
  });

  it("rolls a failing migration back whole and stops", async () => {
    const db = await freshDatabase();
    const dir = migrationsDir({
      "001_ok": "CREATE TABLE ok (id int);",
      "002_broken": "CREATE TABLE half (id int); SELECT no_such_function();",
      "003_later": "CREATE TABLE later (id int);",
    });
    await expect(applyMigrations(db.sql, readMigrations(dir))).rejects.toThrow(/no_such_function/);
    const tables = await db.sql.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(["_migrations", "ok"]);
    await db.close();
  });

  it("refuses to run when an applied migration has changed", async () => {
    const db = await freshDatabase();
    const dir = migrationsDir({ "001_a": "CREATE TABLE a (id int);" });
    await applyMigrations(db.sql, readMigrations(dir));
    writeFileSync(path.join(dir, "001_a", "migration.sql"), "CREATE TABLE a (id bigint);");
    await expect(applyMigrations(db.sql, readMigrations(dir))).rejects.toThrow(
      "Migration 001_a has changed since it was applied (checksum mismatch); add a new migration instead.",
    );
    await db.close();
  });

  it("refuses to run when an applied migration's file is gone", async () => {
    const db = await freshDatabase();
    await applyMigrations(db.sql, readMigrations(migrationsDir({ "001_a": "CREATE TABLE a (id int);" })));
    await expect(applyMigrations(db.sql, readMigrations(migrationsDir({})))).rejects.toThrow(
      "Migration 001_a is applied to the database but its file is missing.",
    );
    await db.close();
  });
});
