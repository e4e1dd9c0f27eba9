// The sale's speed against the database's housekeeping (part of `npm run bench`): the two order
// rows on a freshly vacuumed database, again after 20,000 sales the bench keeps (dead index
// entries and sold rows where the pick's index range starts, table bloat, statistics that
// have not seen them), and again after a VACUUM (ANALYZE). A region of the 1,000,000-number
// database holds 8,721 numbers, so the 20,000 sales cannot all be in one region: 5,000 are in
// the region the one-region row buys from and the rest in the other US local regions, the named
// row's excepted. Each phase gives back what its own rows bought, keeping the 20,000: a row that
// ran the region out would measure back-orders, which cost less than sales (the table's
// "back-ordered" column says when that happened). Timing is printed, never asserted.
import { Client } from "pg";
import { analyzeBenchDatabase } from "@/scripts/bench/databases";
import {
  availableNumbers,
  backorderedSince,
  databaseNow,
  returnBenchPurchases,
} from "@/scripts/bench/bench-org";
import { measure, type LoadOptions, type LoadResult } from "@/scripts/bench/load";
import { fixed, ms, table } from "@/scripts/bench/report";

export const ONE_REGION = "US-NY-NEW_YORK-212";
export const NAMED_REGION = "US-CA-LOS_ANGELES-213";
const SALES = 20_000;
const IN_ONE_REGION = 5_000;
const PER_ORDER = 25;
const CLIENTS = 8;

export type HousekeepingPhase = {
  label: string;
  oneRegion: LoadResult;
  named: LoadResult;
  deadTuples: number;
  /** Numbers the phase's one-region orders could not be given: the region ran out. */
  backordered: number;
};

type Options = {
  appUrl: string;
  databaseUrl: string;
  /** The order rows' load: connections, duration, headers with the token and JSON type. */
  orderLoad: Omit<LoadOptions, "url" | "body">;
  log: (line: string) => void;
};

/** An order body for `quantity` numbers of a region, as the one-region rows send it. */
export const regionOrder = (region: string, quantity: number) =>
  JSON.stringify({
    contact_name: "Bench",
    items: [{ country: "US", number_type: "local", region, quantity }],
  });

async function orderRows(options: Options): Promise<{ oneRegion: LoadResult; named: LoadResult }> {
  const url = `${options.appUrl}/api/v2/order`;
  const oneRegion = await measure({ ...options.orderLoad, url, body: () => regionOrder(ONE_REGION, 1) });
  const hot = await availableNumbers(options.databaseUrl, NAMED_REGION, 2_000);
  const named = await measure({
    ...options.orderLoad,
    url,
    body: () =>
      JSON.stringify({
        contact_name: "Bench",
        items: [{ number_e164: hot[Math.floor(Math.random() * hot.length)] }],
      }),
  });
  return { oneRegion, named };
}

/** Dead tuples of the tables a sale writes, as the statistics collector counts them. */
async function deadTuples(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ dead: string }>(
      `SELECT COALESCE(sum(n_dead_tup), 0)::text AS dead FROM pg_stat_user_tables
        WHERE relname IN ('inventory_number', 'number_configuration', 'order', 'order_item', 'billing_account', 'ledger_entry')`,
    );
    return Number(rows[0].dead);
  } finally {
    await client.end();
  }
}

/** US local regions other than the named row's, for the sales outside the one region. */
async function otherRegions(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM region WHERE country_id = 'US' AND number_type_id = 'local' AND id NOT IN ($1, $2) ORDER BY id`,
      [ONE_REGION, NAMED_REGION],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** Sells `SALES` numbers through the API, `PER_ORDER` an order, `CLIENTS` orders at a time. */
async function sell(options: Options): Promise<number> {
  const regions = await otherRegions(options.databaseUrl);
  const bodies: string[] = [];
  for (let sold = 0; sold < IN_ONE_REGION; sold += PER_ORDER) bodies.push(regionOrder(ONE_REGION, PER_ORDER));
  for (let sold = IN_ONE_REGION, index = 0; sold < SALES; sold += PER_ORDER, index++)
    bodies.push(regionOrder(regions[index % regions.length], PER_ORDER));
  let next = 0;
  const failed: Record<string, number> = {};
  let firstFailure = "";
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const response = await fetch(`${options.appUrl}/api/v2/order`, {
        method: "POST",
        headers: options.orderLoad.headers,
        body,
      });
      const text = await response.text();
      if (response.status !== 200) {
        failed[response.status] = (failed[response.status] ?? 0) + 1;
        firstFailure ||= `${response.status} ${text.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const failures = Object.values(failed).reduce((sum, count) => sum + count, 0);
  if (failures > 0)
    throw new Error(
      `${failures} of ${bodies.length} orders of the 20,000 sales failed (${JSON.stringify(failed)}; the first: ${firstFailure})`,
    );
  return bodies.length;
}

/** The three phases; what the bench bought is given back at the end. */
export async function measureHousekeeping(options: Options): Promise<HousekeepingPhase[]> {
  const phases: HousekeepingPhase[] = [];
  const phase = async (label: string) => {
    options.log(`housekeeping: order rows, ${label}`);
    const dead = await deadTuples(options.databaseUrl);
    const since = await databaseNow(options.databaseUrl);
    const rows = await orderRows(options);
    const backordered = await backorderedSince(options.databaseUrl, since);
    phases.push({ label, ...rows, deadTuples: dead, backordered });
    await returnBenchPurchases(options.databaseUrl, since);
  };
  await returnBenchPurchases(options.databaseUrl);
  await analyzeBenchDatabase(options.databaseUrl);
  await phase("fresh: VACUUM (ANALYZE) just run");
  options.log(
    `housekeeping: selling ${SALES.toLocaleString("en")} numbers (${IN_ONE_REGION.toLocaleString("en")} in ${ONE_REGION})`,
  );
  const started = performance.now();
  const orders = await sell(options);
  options.log(`housekeeping: ${orders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await phase(`after ${SALES.toLocaleString("en")} more sales, no vacuum`);
  await analyzeBenchDatabase(options.databaseUrl);
  await phase("after VACUUM (ANALYZE)");
  await returnBenchPurchases(options.databaseUrl);
  return phases;
}

/** App and PostgreSQL CPU per order: unlike orders/s, it does not depend on what else the machine runs. */
const cpu = (result: LoadResult) =>
  `${ms(result.cpuMsPerRequest.server ?? 0)} + ${ms(result.cpuMsPerRequest.postgres ?? 0)}`;

/** One line a phase: both rows' orders/s, p50, p99, and their ratio to the fresh phase. */
export function housekeepingTable(phases: HousekeepingPhase[]): string[] {
  const [fresh] = phases;
  const ratio = (value: number, base: number) => (base === 0 ? "" : `${((value / base) * 100).toFixed(0)} %`);
  return [
    "The sale against housekeeping (orders/s completed; ratio of orders/s to the fresh database's; CPU ms/order = app + PostgreSQL; back-ordered: numbers the one-region row could not sell, the region having run out, so its figures are not a sale's):",
    "",
    table(
      [
        "phase",
        "dead tuples",
        "back-ordered",
        "one region /s",
        "p50",
        "p99",
        "CPU ms/order",
        "ratio",
        "named /s",
        "p50",
        "p99",
        "CPU ms/order",
        "ratio",
      ],
      phases.map((entry) => [
        entry.label,
        entry.deadTuples.toLocaleString("en"),
        entry.backordered.toLocaleString("en"),
        fixed(entry.oneRegion.okPerSecond),
        ms(entry.oneRegion.p50),
        ms(entry.oneRegion.p99),
        cpu(entry.oneRegion),
        ratio(entry.oneRegion.okPerSecond, fresh.oneRegion.okPerSecond),
        fixed(entry.named.okPerSecond),
        ms(entry.named.p50),
        ms(entry.named.p99),
        cpu(entry.named),
        ratio(entry.named.okPerSecond, fresh.named.okPerSecond),
      ]),
    ),
  ];
}
