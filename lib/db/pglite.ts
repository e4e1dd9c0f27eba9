import "server-only";
import { mkdirSync } from "node:fs";
import v8 from "node:v8";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// PGlite's PostgreSQL keeps its shared memory inside the process that opens it, and WASM
// memory never shrinks: Emscripten zeroes an anonymous mmap, so all of shared_buffers is
// resident from the start. The database files stay in the OS page cache behind it. 16 MB holds
// the demo database's hot pages; each 16 MB less is 16 MB less for `npm start` on PGlite
// (`npm run bench:memory`, docs/PERFORMANCE.md, "Memory on PGlite").
const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
} as const;

// V8 compiles PGlite's 9 MB of WASM with Liftoff, its baseline compiler, then compiles the hot
// functions again with TurboFan on background threads, and the process keeps what those
// compilations took: about 80 MB of the server's resident set after a walk through the portal.
// Liftoff alone costs CPU-heavy SQL about 1.5× at steady state and starts faster; the portal's
// statements are small. Process-wide, but only WASM compiled after it (PGlite, Prisma's) reads it.
export const PGLITE_V8_FLAGS = "--liftoff-only";

/** The PostgreSQL start parameters: PGlite's own, then this project's settings. */
export function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
}

/** An embedded PostgreSQL with the extensions the migrations use. `memory://` keeps no files. */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // Before PGlite compiles its module: V8 reads the flag when it compiles WASM.
  v8.setFlagsFromString(PGLITE_V8_FLAGS);
  const db = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    startParams: pgliteStartParams(),
  });
  await db.waitReady;
  // PGlite writes a bytea parameter as hex text, one JS string per byte ('\\x' +
  // Array.from(bytes).map(…).join('')). Its Bind message sends a Uint8Array value as a binary
  // parameter instead (pg-protocol's writeValues), which for bytea is the bytes as they are.
  // One 10 MB INSERT on bare PGlite: 4.3 s and +672 MB resident by default, 1.1 s and +108 MB
  // as hex made by Buffer, 0.4 s and +83 MB binary. Its Serializer type says string, hence the
  // assign (no bytea[] parameter is ever sent, which would need the string form).
  Object.assign(db.serializers, { [types.BYTEA]: (bytes: Uint8Array) => bytes });
  return db;
}
