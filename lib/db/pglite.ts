import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** An embedded PostgreSQL with the extensions the migrations use. `memory://` keeps no files. */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite({ dataDir, extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  await db.waitReady;
  return db;
}
