// The benchmark's databases on the PostgreSQL server named by BENCH_PG_URL (default
// postgresql://root@127.0.0.1:5432/postgres): created when missing, seeded once, reused.
import { Client } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { countInventory } from "@/prisma/seed/inventory";
import { seedDatabase } from "@/prisma/seed/seed";

export const BENCH_DATABASES = {
  million: { name: "numbers_bench", numbers: 1_000_000 },
  hundredThousand: { name: "numbers_bench_100k", numbers: 100_000 },
  tenThousand: { name: "numbers_bench_10k", numbers: 10_000 },
} as const;

export type BenchDatabase = (typeof BENCH_DATABASES)[keyof typeof BENCH_DATABASES];

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
  database: BenchDatabase,
  log: (line: string) => void,
): Promise<string> {
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database.name]);
    if (exists.rowCount === 0) {
      log(`creating database ${database.name}`);
      await admin.query(`CREATE DATABASE ${quoteIdent(database.name)}`);
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(database.name);
  const db = await connectPostgres(url, 4);
  try {
    await applyMigrations(db.sql);
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
