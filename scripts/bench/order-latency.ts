// npx tsx scripts/bench/order-latency.ts [-- --orders 200] [--postgres]
//
// How long one order takes, end to end in lib/orders (no HTTP): placeOrder one after another,
// on embedded PGlite in this process by default (the default database, where an order should
// stay under 20 ms: docs/PERFORMANCE.md), or with --postgres on a fresh database on the PG_TEST_URL server.
// Seeds reference data and one region's numbers, then times `--orders` orders of each shape
// (one geography number; one named number; one named number with an Idempotency-Key and its
// replay). Prints p50/p90/p99/mean per shape; checks that no number was sold twice.
import { performance } from "node:perf_hooks";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";
import { insertInventoryNumbers } from "@/prisma/seed/inventory";
import { generateNumbers } from "@/prisma/seed/numbers";
import { regions } from "@/prisma/seed/data/regions";
import { placeOrder } from "@/lib/orders/place-order";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const REGION = "US-NY-NEW_YORK-212";
const buyer = { organizationId: "org_acme", userId: null, tokenId: null };

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${label.padEnd(34)} p50 ${ms(at(0.5))}  p90 ${ms(at(0.9))}  p99 ${ms(at(0.99))}  mean ${ms(mean)}  (${times.length} orders)`;
}

async function timed(count: number, order: (index: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await order(index);
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  const count = Number(option("orders") ?? 200);
  if (!Number.isInteger(count) || count < 1) throw new Error("--orders takes a whole number above 0");
  const bench = await openFreshDatabase("bench_order");
  try {
    const region = regions.filter((entry) => entry.id === REGION);
    const numbers = generateNumbers(4 * count + 100, { regions: region })
      .filter((number) => number.requiredDocumentIds.length === 0)
      .sort((a, b) => (a.numberE164 < b.numberE164 ? -1 : 1));
    await insertInventoryNumbers(bench.db.sql, numbers);
    const geography = { country: "US", number_type: "local", region: REGION, quantity: 1 as const };
    // Geography orders take the lowest numbers; the named ones come from the top.
    const named = (index: number) => numbers[numbers.length - 1 - index].numberE164;
    // Warm up: the reference cache, the prepared plans, the JIT.
    await timed(20, () => placeOrder(buyer, { contact_name: "warm", items: [geography] }, null));

    const lines = [
      summary(
        "one geography number",
        await timed(count, () => placeOrder(buyer, { contact_name: "g", items: [geography] }, null)),
      ),
      summary(
        "one named number",
        await timed(count, (index) =>
          placeOrder(buyer, { contact_name: "n", items: [{ number_e164: named(index) }] }, null),
        ),
      ),
      summary(
        "named, with an Idempotency-Key",
        await timed(count, (index) =>
          placeOrder(
            buyer,
            { contact_name: "k", items: [{ number_e164: named(count + index) }] },
            `bench-${index}`,
          ),
        ),
      ),
      summary(
        "its replay",
        await timed(count, (index) =>
          placeOrder(
            buyer,
            { contact_name: "k", items: [{ number_e164: named(count + index) }] },
            `bench-${index}`,
          ),
        ),
      ),
    ];
    const [twice] = await bench.db.sql.query<{ twice: number }>(
      `SELECT count(*)::int AS twice FROM (SELECT inventory_number_id FROM number_configuration
         WHERE inventory_number_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1) t`,
    );
    console.log(
      [
        `placeOrder on ${bench.postgres ? "PostgreSQL" : "PGlite (in process, in memory)"}, one after another:`,
        ...lines,
        `numbers sold twice: ${twice.twice}`,
      ].join("\n"),
    );
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
