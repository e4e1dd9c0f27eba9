// npm run bench:holds [-- --holds 1100 --reps 21]
//
// What holds cost an inventory search, in the database: each statement a benchmarked search
// shape sends (the page, which also counts the numbers other organizations hold, and the total),
// timed on the 1,000,000-number bench database with nothing held, then with `--holds` US
// numbers held by another organization (most scattered, a tenth at the start of the order,
// where the first page reads). Medians of `--reps` runs, one connection; the holds are
// removed at the end. Timing is printed, never asserted.
import { Client } from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { findInventoryRows } from "@/lib/inventory/search";
import { BENCH_DATABASES, databaseUrl, ensureBenchDatabase } from "@/scripts/bench/databases";
import { loadAverage, table } from "@/scripts/bench/report";
import { inventoryShapes, searchFor } from "@/scripts/bench/shapes";

const HOLDER = { id: "org_bench_holder", name: "Benchmark holder" };

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

/** The statements a search sends, as the app builds them, without running it. */
async function statementsOf(shape: (typeof inventoryShapes)[number]): Promise<Prisma.Sql[]> {
  const sent: Prisma.Sql[] = [];
  const search = searchFor(shape.country, shape.numberType, new URLSearchParams(shape.query));
  await findInventoryRows(
    search,
    async <Row>(statement: Prisma.Sql): Promise<Row[]> => {
      sent.push(statement);
      // A full page, so that the search goes on to ask for its total.
      const answer =
        sent.length === 1 ? Array.from({ length: search.limit }, () => ({ hidden: 0 })) : [{ total: 0 }];
      return answer as Row[];
    },
    {},
  );
  return sent;
}

async function medianMs(client: Client, statement: Prisma.Sql, reps: number): Promise<number> {
  await client.query(statement.text, statement.values); // warm
  const times: number[] = [];
  for (let run = 0; run < reps; run++) {
    const started = performance.now();
    await client.query(statement.text, statement.values);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function measure(client: Client, reps: number): Promise<string[][]> {
  const rows: string[][] = [];
  for (const shape of inventoryShapes) {
    const [page, total] = await statementsOf(shape);
    const cells = [];
    for (const statement of [page, total]) cells.push((await medianMs(client, statement, reps)).toFixed(2));
    rows.push([shape.label.replace("inventory: ", ""), ...cells]);
  }
  return rows;
}

async function main() {
  const holds = option("holds", 1_100);
  const reps = option("reps", 21);
  const database = BENCH_DATABASES.million;
  await ensureBenchDatabase(database, (line) => console.log(`[bench] ${line}`));
  const client = new Client({ connectionString: databaseUrl(database.name) });
  await client.connect();
  const header = ["shape", "page (and held by others) ms", "total ms"];
  try {
    console.log(`Load average before: ${loadAverage()}`);
    await client.query("DELETE FROM number_hold WHERE organization_id = $1", [HOLDER.id]);
    const nothingHeld = await measure(client, reps);
    await client.query("INSERT INTO organization (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [
      HOLDER.id,
      HOLDER.name,
    ]);
    const atStart = Math.round(holds / 10);
    await client.query(
      `INSERT INTO number_hold (number_e164, organization_id, held_until)
       SELECT number_e164, $1, now() + interval '1 hour' FROM inventory_number
       WHERE status = 'available' AND country_id = 'US' ORDER BY number_e164 LIMIT $2`,
      [HOLDER.id, atStart],
    );
    await client.query(
      `INSERT INTO number_hold (number_e164, organization_id, held_until)
       SELECT number_e164, $1, now() + interval '1 hour' FROM inventory_number
       WHERE status = 'available' AND country_id = 'US' ORDER BY md5(number_e164) LIMIT $2
       ON CONFLICT (number_e164) DO NOTHING`,
      [HOLDER.id, holds - atStart],
    );
    await client.query("ANALYZE number_hold");
    const { rows } = await client.query<{ held: number }>(
      "SELECT count(*)::int AS held FROM number_hold WHERE organization_id = $1",
      [HOLDER.id],
    );
    const someHeld = await measure(client, reps);
    console.log(`\nNothing held (median of ${reps}):\n`);
    console.log(table(header, nothingHeld));
    console.log(`\n${rows[0].held} US numbers held by another organization (median of ${reps}):\n`);
    console.log(table(header, someHeld));
    console.log(`\nLoad average after: ${loadAverage()}`);
  } finally {
    await client.query("DELETE FROM organization WHERE id = $1", [HOLDER.id]);
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
