// npx tsx prisma/seed/main.ts [--numbers N]: migrates the database the environment names
// (DATABASE_URL, else PGlite in PGLITE_DATA_DIR) and seeds it with N inventory numbers.
import "server-only";
import { connectFromEnv, type Database } from "@/lib/db/client";
import { UNBOUNDED } from "@/lib/db/query-bounds";
import { applyMigrations } from "@/lib/db/migrate";
import { seedDatabase } from "@/prisma/seed/seed";

const DEFAULT_NUMBERS = 20_000;
const MAX_NUMBERS = 5_000_000;

function parseSeedArgs(argv: string[]): { numbers: number } {
  let numbers = DEFAULT_NUMBERS;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [flag, inline] = arg.split("=", 2);
    if (flag !== "--numbers") throw new Error(`unknown argument ${arg} (usage: --numbers N)`);
    const value = inline ?? argv[++index];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > MAX_NUMBERS) {
      throw new Error(
        `--numbers takes a whole number from 0 to ${MAX_NUMBERS.toLocaleString("en")}, got ${value ?? "nothing"}`,
      );
    }
    numbers = Number(value);
  }
  return { numbers };
}

async function main() {
  const { numbers } = parseSeedArgs(process.argv.slice(2));
  const started = performance.now();
  let db: Database | undefined;
  try {
    db = await connectFromEnv(UNBOUNDED);
    const migrated = await applyMigrations(db.sql);
    if (migrated.length > 0) console.log(`migrations applied: ${migrated.join(", ")}`);
    const result = await seedDatabase(db, { numbers, log: (line) => console.log(line) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `seeded ${db.kind} in ${seconds} s: ${result.countries} countries, ${result.regions} regions, ` +
        `${result.products} products, ${result.inventoryNumbers.toLocaleString("en")} inventory numbers ` +
        `(${result.inventoryAdded.toLocaleString("en")} new, ${result.soldNumbers} sold), ` +
        `${result.configurations} configurations, ${result.rules} rules`,
    );
  } finally {
    await db?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
