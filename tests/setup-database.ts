// Runs before each test file: gives the file a database of its own, cloned from the template,
// opened at the file's first getDatabase()/getPrisma(). Many files never touch the database:
// they load neither Prisma nor PGlite, copy no template and, on PostgreSQL, create no database.
import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { databaseOpener, type Database } from "@/lib/db/database";
import {
  databaseUrl,
  directDatabaseUrl,
  quoteIdent,
  testDatabaseKind,
  uniqueDatabaseName,
  withAdminClient,
} from "@/tests/test-database";

type Clone = { database: Database; remove(): Promise<void> };

const template = inject("testTemplate");

async function clonePostgres(): Promise<Clone> {
  const { connectPostgres } = await import("@/lib/db/client");
  const name = uniqueDatabaseName("numbers_t");
  // Two clones of one template at once fail ("source database is being accessed"): take turns.
  await withAdminClient(async (client) => {
    await client.query("SELECT pg_advisory_lock(727274002)");
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
    } finally {
      await client.query("SELECT pg_advisory_unlock(727274002)");
    }
  });
  const drop = () =>
    withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
  const database = await connectPostgres(databaseUrl(name), 20, directDatabaseUrl(name)).catch(
    async (error: unknown) => {
      await drop();
      throw error;
    },
  );
  // For tests that open a second connection to the same database, as another app instance
  // would (testDatabaseUrl in tests/test-database.ts).
  process.env.TEST_DATABASE_URL = databaseUrl(name);
  return {
    database,
    async remove() {
      await database.close();
      await drop();
    },
  };
}

async function clonePglite(): Promise<Clone> {
  const [{ wrapPglite }, { openPglite }] = await Promise.all([
    import("@/lib/db/client"),
    import("@/lib/db/pglite"),
  ]);
  const pglite = await openPglite("memory://", { loadDataDir: new Blob([readFileSync(template)]) });
  const database = wrapPglite(pglite);
  return { database, remove: () => database.close() };
}

let clone: Promise<Clone> | undefined;
let finished = false;

// Also called by testDatabaseUrl, hence its own memory of the clone: the first call makes it.
databaseOpener.set(async () => {
  if (finished) throw new Error("The test file's database is closed: nothing may open it after afterAll.");
  clone ??= (testDatabaseKind === "postgres" ? clonePostgres() : clonePglite()).catch((error: unknown) => {
    clone = undefined;
    throw error;
  });
  return (await clone).database;
});

afterAll(async () => {
  finished = true;
  if (clone) await (await clone).remove();
});
