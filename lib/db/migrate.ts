import "server-only";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import type { SqlExecutor } from "@/lib/db/sql-executor";

export type MigrationFile = { name: string; sql: string; checksum: string };

const defaultMigrationsDir = path.join(process.cwd(), "prisma", "migrations");
const defaultFunctionsDir = path.join(process.cwd(), "prisma", "functions");

// Any constant works; it only has to be the same in every process running migrations.
const MIGRATION_LOCK_KEY = 727_274_001;
const FUNCTIONS_LOCK_KEY = 727_274_002;

/** One SQL function's source file (prisma/functions/<name>.sql): a whole `CREATE OR REPLACE FUNCTION`. */
export type FunctionFile = MigrationFile;

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

/** The function files of a directory, in name order; none when it does not exist. */
export function readFunctions(dir = defaultFunctionsDir): FunctionFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), "utf8");
      return {
        name: file.replace(/\.sql$/, ""),
        sql,
        checksum: createHash("sha256").update(sql).digest("hex"),
      };
    });
}

type AppliedRow = { name: string; checksum: string };

/**
 * Applies the migrations not yet applied, in name order, each in its own transaction,
 * recording name and checksum. Refuses to run when an applied file has changed or vanished,
 * because the database would no longer be what the files say it is. Then applies the function
 * files (applyFunctions): the project's own when the migrations are, else only those given.
 * Answers the migrations applied.
 */
export async function applyMigrations(
  sql: SqlExecutor,
  migrations?: MigrationFile[],
  functions?: FunctionFile[],
): Promise<string[]> {
  const done = await applyMigrationFiles(sql, migrations ?? readMigrations());
  await applyFunctions(sql, functions ?? (migrations === undefined ? readFunctions() : []));
  return done;
}

async function applyMigrationFiles(sql: SqlExecutor, migrations: MigrationFile[]): Promise<string[]> {
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

/**
 * Applies the function files that are new or changed since they were last applied (Flyway's
 * repeatable migrations), after the migrations: all of them in name order in one transaction,
 * recording each one's name and checksum in "_functions". Unlike a migration, a function file
 * is meant to be edited: its `CREATE OR REPLACE` runs again. Answers the files applied.
 */
export async function applyFunctions(sql: SqlExecutor, functions = readFunctions()): Promise<string[]> {
  if (functions.length === 0) return [];
  return sql.transaction(async (tx) => {
    // Concurrent starts: the second waits, then finds every checksum already recorded. Taken
    // before the table is created, so two first starts do not both create it.
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [FUNCTIONS_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS "_functions" (
      "name" TEXT PRIMARY KEY,
      "checksum" TEXT NOT NULL,
      "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    // As pg_dump does: a function may call one whose file comes later in name order.
    await tx.exec(`SET LOCAL check_function_bodies = off`);
    const applied = new Map(
      (await tx.query<AppliedRow>(`SELECT "name", "checksum" FROM "_functions"`)).map((row) => [
        row.name,
        row.checksum,
      ]),
    );
    const changed = functions
      .filter((file) => applied.get(file.name) !== file.checksum)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const file of changed) {
      await tx.exec(file.sql);
      await tx.query(
        `INSERT INTO "_functions" ("name", "checksum") VALUES ($1, $2)
         ON CONFLICT ("name") DO UPDATE SET "checksum" = EXCLUDED."checksum", "applied_at" = now()`,
        [file.name, file.checksum],
      );
    }
    return changed.map((file) => file.name);
  });
}
