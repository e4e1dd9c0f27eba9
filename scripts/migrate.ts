// npm run db:migrate – applies prisma/migrations to the configured database.
import { connectDirectFromEnv } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";

async function main() {
  const db = await connectDirectFromEnv();
  try {
    const applied = await applyMigrations(db.sql);
    console.log(
      applied.length === 0
        ? "Database is up to date."
        : `Applied ${applied.length} migration(s): ${applied.join(", ")}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
