import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrate";
import { connectPostgres, wrapPglite } from "@/lib/db/client";
import { openPglite } from "@/lib/db/pglite";
import { buildTestTemplate } from "@/tests/fixtures";
import {
  directDatabaseUrl,
  quoteIdent,
  testDatabaseKind,
  uniqueDatabaseName,
  withAdminClient,
} from "@/tests/test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a file holding the template's data directory. PostgreSQL: the template database's name. */
    testTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (testDatabaseKind === "postgres") {
    const name = uniqueDatabaseName("numbers_tpl");
    await withAdminClient((client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    // Directly: a template must have no connection left, and PgBouncer would keep some open.
    const db = await connectPostgres(directDatabaseUrl(name), 4);
    await applyMigrations(db.sql);
    await buildTestTemplate(db);
    await db.close();
    project.provide("testTemplate", name);
    return async () => {
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    };
  }

  const pglite = await openPglite("memory://");
  const db = wrapPglite(pglite);
  await applyMigrations(db.sql);
  await buildTestTemplate(db);
  // Every file that uses the database starts a clone from this dump. A checkpoint first, so a
  // clone starts from it instead of replaying the seed's WAL, with wal_recycle off so the
  // segments it frees are deleted rather than kept (as zeros) for reuse; then no compression,
  // so a clone reads the tar as it is instead of unzipping it.
  await pglite.exec("SET wal_recycle = off; CHECKPOINT");
  const dump = await pglite.dumpDataDir("none");
  const dir = mkdtempSync(path.join(tmpdir(), "numbers-test-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide("testTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
