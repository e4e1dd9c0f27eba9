// Runs before each test file: gives the file a database of its own, cloned from the template.
import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { connectPostgres, setDatabase, wrapPglite, type Database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/pglite";
import {
  databaseUrl,
  directDatabaseUrl,
  quoteIdent,
  testDatabaseKind,
  uniqueDatabaseName,
  withAdminClient,
} from "@/tests/test-database";

const template = inject("testTemplate");
let database: Database;

if (testDatabaseKind === "postgres") {
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
  database = await connectPostgres(databaseUrl(name), 20, directDatabaseUrl(name));
  // For tests that open a second connection to the same database, as another app instance would.
  process.env.TEST_DATABASE_URL = databaseUrl(name);
  afterAll(async () => {
    await database.close();
    await withAdminClient((client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
    );
  });
} else {
  const pglite = await openPglite("memory://", { loadDataDir: new Blob([readFileSync(template)]) });
  database = wrapPglite(pglite);
  afterAll(() => database.close());
}

setDatabase(database);
