// Development tooling: Prisma's schema engine compiled to WebAssembly, run against an
// embedded PGlite. It diffs the migrations folder against schema.prisma without the native
// engine (which cannot be downloaded here). Used by `npm run db:diff` and the drift test.
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openPglite } from "@/lib/db/pglite";
import { readMigrations } from "@/lib/db/migrate";

type SchemaEngineModule = {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: {
    new: (
      options: { datamodels: [string, string][] },
      log: (line: string) => void,
      adapter: object,
    ) => Promise<{
      diff(params: object): Promise<{ exitCode: number; stdout?: string }>;
    }>;
  };
};

async function loadSchemaEngine(): Promise<SchemaEngineModule> {
  const require = createRequire(__filename);
  // The package exports only its ESM entry, which imports the .wasm file directly (a bundler
  // feature); load its JS bindings and instantiate the wasm by hand instead.
  const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  const bindings = (await import(path.join(dir, "schema_engine_bg.js"))) as SchemaEngineModule &
    WebAssembly.ModuleImports;
  const wasmModule = await WebAssembly.compile(readFileSync(path.join(dir, "schema_engine_bg.wasm")));
  const instance = await WebAssembly.instantiate(wasmModule, { "./schema_engine_bg.js": bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings;
}

/** An adapter factory whose databases (main and shadow) are fresh in-memory PGlites with pg_trgm. */
function memoryAdapterFactory() {
  const open = async () => new PrismaPGlite(await openPglite("memory://")).connect();
  return bindMigrationAwareSqlAdapterFactory({
    provider: "postgres",
    adapterName: "pglite-memory",
    connect: open,
    connectToShadowDb: open,
  });
}

/**
 * SQL that takes a database built by the migrations folder to what schema.prisma describes.
 * An empty string means the two agree.
 */
export async function diffMigrationsToSchema(
  schemaPath = path.join(process.cwd(), "prisma", "schema.prisma"),
): Promise<string> {
  const engineModule = await loadSchemaEngine();
  const content = readFileSync(schemaPath, "utf8");
  const engine = await engineModule.SchemaEngine.new(
    { datamodels: [[schemaPath, content]] },
    () => {},
    memoryAdapterFactory(),
  );
  const migrations = readMigrations();
  const result = await engine.diff({
    from: {
      tag: "migrations",
      baseDir: path.dirname(schemaPath),
      lockfile: { path: "migration_lock.toml", content: 'provider = "postgresql"\n' },
      migrationDirectories: migrations.map((migration) => ({
        path: migration.name,
        migrationFile: { path: "migration.sql", content: { tag: "ok", value: migration.sql } },
      })),
      shadowDbInitScript: "",
    },
    to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  return stripNoise(result.stdout ?? "");
}

/** The engine prints a header comment for an empty diff; only statements count. */
function stripNoise(script: string): string {
  const statements = script
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("--"))
    .join("\n");
  return statements === "" ? "" : script.trim() + "\n";
}
