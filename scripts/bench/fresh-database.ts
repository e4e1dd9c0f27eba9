// The small benches' database: embedded PGlite in this process by default, or with --postgres a
// fresh database on the PostgreSQL server PG_TEST_URL names (default
// postgresql://root@127.0.0.1:5432/test), dropped by close(). Migrated, with reference data and
// no numbers, and set as the process's database. BENCH_DB_PREFIX goes before the database's name,
// so that work trees sharing one server can tell their databases apart.
import type { PGlite } from "@electric-sql/pglite";
import { connectPostgres, setDatabase, wrapPglite, type Database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/pglite";
import { applyMigrations } from "@/lib/db/migrate";
import { seedDatabase } from "@/prisma/seed/seed";
import { directDatabaseUrl, quoteIdent, uniqueDatabaseName, withAdminClient } from "@/tests/test-database";

export type BenchDatabase = { db: Database; postgres: boolean; close: () => Promise<void> };

export async function openFreshDatabase(
  prefix: string,
  postgres = process.argv.includes("--postgres"),
): Promise<BenchDatabase> {
  const name = uniqueDatabaseName(`${process.env.BENCH_DB_PREFIX ?? ""}${prefix}`);
  let db: Database;
  let pglite: PGlite | null = null;
  if (postgres) {
    await withAdminClient((client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    db = await connectPostgres(directDatabaseUrl(name), 4);
  } else {
    pglite = await openPglite("memory://");
    db = wrapPglite(pglite);
  }
  setDatabase(db);
  await applyMigrations(db.sql);
  // PGlite learns the database's array types when it opens; the migrations made the enums'
  // arrays (number_status[]…) since, and without this it writes such a parameter as a plain
  // string ("malformed array literal"). A database opened from files already has them.
  await pglite?.refreshArrayTypes();
  await seedDatabase(db, { numbers: 0, log: () => undefined });
  return {
    db,
    postgres,
    async close() {
      await db.close();
      if (postgres)
        await withAdminClient((client) => client.query(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`));
    },
  };
}
