// npm run db:diff -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL that brings the migrations up to schema.prisma. Prints the SQL and writes nothing when
// called without a name, and says so when there is nothing to write.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { diffMigrationsToSchema } from "@/lib/db/schema-diff";

async function main() {
  const name = process.argv[2];
  const sql = await diffMigrationsToSchema();
  if (sql === "") {
    console.log("schema.prisma and prisma/migrations agree; no migration needed.");
    return;
  }
  if (!name) {
    process.stdout.write(sql);
    console.error("\n(pass a name to write this as a migration: npm run db:diff -- add_something)");
    return;
  }
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("migration name: lower-case letters, digits and _ only");
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = path.join(process.cwd(), "prisma", "migrations", `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
