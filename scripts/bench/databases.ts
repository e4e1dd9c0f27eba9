// The benchmark's databases on the PostgreSQL server named by BENCH_PG_URL (default
// postgresql://root@127.0.0.1:5432/postgres): created when missing, seeded once, reused.
import path from "node:path";
import { Client } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations, readFunctions, readMigrations } from "@/lib/db/migrate";
import { countInventory } from "@/prisma/seed/inventory";
import { seedDatabase } from "@/prisma/seed/seed";

export const BENCH_DATABASES = {
  million: { name: "numbers_bench", numbers: 1_000_000 },
  hundredThousand: { name: "numbers_bench_100k", numbers: 100_000 },
  tenThousand: { name: "numbers_bench_10k", numbers: 10_000 },
} as const;

export type BenchDatabase = { name: string; numbers: number };

/**
 * BENCH_DB_SUFFIX gives a run databases of its own (numbers_bench<suffix>, …), cloned from the
 * shared ones when those exist: a build with migrations the shared databases lack (a branch)
 * can then be measured without applying them where other builds would refuse to start.
 */
export function benchDatabase(database: BenchDatabase): BenchDatabase & { source: string } {
  return { ...database, name: database.name + (process.env.BENCH_DB_SUFFIX ?? ""), source: database.name };
}

export function serverUrl(): string {
  return process.env.BENCH_PG_URL ?? "postgresql://root@127.0.0.1:5432/postgres";
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates, migrates and seeds a bench database as far as it lacks any of that; a seeded one
 * costs a count. Vacuumed every time, so the visibility map is whole whatever the last run
 * sold and gave back.
 */
export async function ensureBenchDatabase(
  shared: BenchDatabase,
  log: (line: string) => void,
  migrationsDir?: string,
): Promise<string> {
  const database = benchDatabase(shared);
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    const exists = async (name: string) =>
      ((await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0;
    if (!(await exists(database.name))) {
      const clone = database.source !== database.name && (await exists(database.source));
      log(`creating database ${database.name}${clone ? ` as a copy of ${database.source}` : ""}`);
      await admin.query(
        `CREATE DATABASE ${quoteIdent(database.name)}${clone ? ` TEMPLATE ${quoteIdent(database.source)}` : ""}`,
      );
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(database.name);
  const db = await connectPostgres(url, 4);
  try {
    // The served build's migrations: the benchmark may serve another tree's build (BENCH_APP_DIR).
    await applyMigrations(
      db.sql,
      migrationsDir ? readMigrations(migrationsDir) : undefined,
      // Its function files sit beside its migrations (none in a tree older than them).
      migrationsDir ? readFunctions(path.join(migrationsDir, "..", "functions")) : undefined,
    );
    const count = await countInventory(db.sql);
    if (count < database.numbers) {
      log(
        `seeding ${database.name} with ${database.numbers.toLocaleString("en")} numbers (has ${count.toLocaleString("en")})`,
      );
      const started = performance.now();
      await seedDatabase(db, { numbers: database.numbers, log: (line) => log(`  ${line}`) });
      log(`seeded ${database.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await db.sql.exec(`VACUUM (ANALYZE) "inventory_number"`);
  } finally {
    await db.close();
  }
  return url;
}

/**
 * `VACUUM (ANALYZE)` of every table, as autovacuum does on its own in production: the rows
 * then run on statistics that have seen the database as it is (the bench's purchases given
 * back, number_configuration nearly empty), not on whatever an earlier run left.
 */
export async function analyzeBenchDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("VACUUM (ANALYZE)");
  } finally {
    await client.end();
  }
}
