import { createHash } from "node:crypto";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import type { SqlExecutor } from "@/lib/db/sql-executor";

export type MigrationFile = { name: string; sql: string; checksum: string };

const defaultMigrationsDir = path.join(process.cwd(), "prisma", "migrations");

// Any constant works; it only has to be the same in every process running migrations.
const MIGRATION_LOCK_KEY = 727_274_001;

export function readMigrations(dir = defaultMigrationsDir): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

type AppliedRow = { name: string; checksum: string };

/**
 * Applies the migrations not yet applied, in name order, each in its own transaction,
 * recording name and checksum. Refuses to run when an applied file has changed or vanished,
 * because the database would no longer be what the files say it is.
 */
export async function applyMigrations(sql: SqlExecutor, migrations = readMigrations()): Promise<string[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS "_migrations" (
    "name" TEXT PRIMARY KEY,
    "checksum" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  const applied = await sql.query<AppliedRow>(`SELECT "name", "checksum" FROM "_migrations"`);
  verifyApplied(applied, migrations);

  const done: string[] = [];
  for (const migration of migrations) {
    const ran = await sql.transaction(async (tx) => {
      // Serializes concurrent runners (several app instances starting at once).
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [MIGRATION_LOCK_KEY]);
      const rows = await tx.query<AppliedRow>(
        `SELECT "name", "checksum" FROM "_migrations" WHERE "name" = $1`,
        [migration.name],
      );
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO "_migrations" ("name", "checksum") VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) done.push(migration.name);
  }
  return done;
}

function verifyApplied(applied: AppliedRow[], migrations: MigrationFile[]): void {
  const byName = new Map(migrations.map((migration) => [migration.name, migration]));
  for (const row of applied) {
    const file = byName.get(row.name);
    if (!file) throw new Error(`Migration ${row.name} is applied to the database but its file is missing.`);
    if (file.checksum !== row.checksum) {
      throw new Error(
        `Migration ${row.name} has changed since it was applied (checksum mismatch); add a new migration instead.`,
      );
    }
  }
}
