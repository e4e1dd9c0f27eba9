// npx tsx scripts/bench/sale-sql.ts [--clients 64 --pool 10 --seconds 10 --shape region|named]
//   [--functions <dir>] [--answer place_order_answer] [--quantity 1] [--keep]
//   [--region US-NY-NEW_YORK-212] [--organizations 1]
//
// The sale without Next: `--clients` callers share a pool of `--pool` connections to the
// 1,000,000-number bench database (numbers_bench, made by `npm run bench`) and call
// place_order_answer for `--seconds`, as lib/orders/place-order.ts calls it: one number of
// US-NY-NEW_YORK-212 an order (`region`), or one of 2,000 numbers of US-CA-LOS_ANGELES-213 drawn
// at random (`named`). Prints orders/s, p50/p99 and PostgreSQL's CPU per order; with
// `--functions <dir>` it first loads that directory's .sql files (e.g. an older
// prisma/functions from `git show`), so two versions of the sale compare on one database in
// one period. `--organizations N` spreads the orders over N organizations in turn (org_bench and
// org_bench_2…), each with a billing account of its own: one organization's sales queue on its
// account's lock, several organizations' do not. What it sold is given back at the end, unless
// `--keep`. Timing is printed, never asserted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Pool } from "pg";
import { BackendCpu } from "@/scripts/bench/backend-cpu";
import { availableNumbers, benchOrganizations, returnBenchPurchases } from "@/scripts/bench/bench-org";
import { BENCH_DATABASES, databaseUrl } from "@/scripts/bench/databases";
import { NAMED_REGION, ONE_REGION } from "@/scripts/bench/housekeeping";
import { loadAverage } from "@/scripts/bench/report";
import { nationalFormats } from "@/lib/reference/phone";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

const clients = Number(option("clients", "64"));
const poolSize = Number(option("pool", "10"));
const seconds = Number(option("seconds", "10"));
const shape = option("shape", "region");
const functionsDir = option("functions", "");
/** The function called: another version of the sale loaded under its own name compares beside it. */
const answerFunction = option("answer", "place_order_answer");
/** Numbers a region order asks for. */
const quantity = Number(option("quantity", "1"));
/** Keeps what was sold (the next run then meets the dead tuples and sold rows it left). */
const keep = process.argv.includes("--keep");
/** The region of a `region` order: the bench's one-region rows' by default. */
const oneRegion = option("region", ONE_REGION);
const organizations = benchOrganizations(Number(option("organizations", "1")));
let nextOrganization = 0;

type Product = { id: number; currency: string; monthly_fee: string; setup_fee: string; lead: string | null };

async function product(pool: Pool, region: string): Promise<Product> {
  const { rows } = await pool.query<Product>(
    `SELECT id, currency, monthly_fee::text, setup_fee::text, estimated_lead_time AS lead FROM product
      WHERE country_id = 'US' AND number_type_id = 'local' AND (region_id = $1 OR region_id IS NULL)
      ORDER BY region_id NULLS LAST, monthly_fee, id LIMIT 1`,
    [region],
  );
  if (rows.length === 0) throw new Error(`no product sells ${region}`);
  return rows[0];
}

function saleInput(item: Record<string, unknown>): string {
  const now = new Date();
  return JSON.stringify({
    organization_id: organizations[nextOrganization++ % organizations.length].id,
    user_id: null,
    token_id: null,
    key: null,
    hash: randomUUID(),
    reference_id: `ord_${randomUUID().replaceAll("-", "")}`,
    contact_name: "Bench",
    reference_number: null,
    now: now.toISOString(),
    day: now.toISOString().slice(0, 10),
    documents_due: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    items: [item],
    unknown_numbers: [],
    formats: { US: nationalFormats("US") },
    actor: { type: "system", id: null, name: "sale-sql bench" },
    ip: null,
    default_credit_limit_minor: "100000000000",
    // What the sale of 28 November (before billing) took instead of making its own ids.
    ...(answerFunction === "place_order_answer"
      ? {}
      : { configuration_ids: [`num_${randomUUID().replaceAll("-", "").slice(0, 20)}`] }),
  });
}

async function main() {
  const url = databaseUrl(BENCH_DATABASES.million.name);
  const pool = new Pool({ connectionString: url, max: poolSize });
  if (functionsDir) {
    for (const file of readdirSync(functionsDir)
      .filter((name) => name.endsWith(".sql"))
      .sort())
      await pool.query(readFileSync(path.join(functionsDir, file), "utf8"));
    console.log(`loaded the functions of ${functionsDir}`);
  }
  for (const organization of organizations) {
    await pool.query(`INSERT INTO organization (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      organization.id,
      organization.name,
    ]);
    await pool.query(
      `INSERT INTO billing_account (organization_id, currency, credit_limit_minor, standing, standing_since, created_at)
       VALUES ($1, 'USD', 100000000000, 'good_standing', now(), now()) ON CONFLICT DO NOTHING`,
      [organization.id],
    );
  }
  const region = shape === "named" ? NAMED_REGION : oneRegion;
  const sold = await product(pool, region);
  const named = shape === "named" ? await availableNumbers(url, NAMED_REGION, 2_000) : [];
  const item = () => ({
    position: 0,
    kind: shape === "named" ? "named_number" : "geography",
    number_e164: shape === "named" ? named[Math.floor(Math.random() * named.length)] : null,
    country_id: "US",
    number_type_id: "local",
    region_id: region,
    product_id: sold.id,
    quantity: shape === "named" ? 1 : quantity,
    currency: sold.currency,
    monthly_fee: sold.monthly_fee,
    setup_fee: sold.setup_fee,
    estimated_lead_time: sold.lead,
    bundle_id: null,
  });

  const latencies: number[] = [];
  let refused = 0;
  const cpu = new BackendCpu(BENCH_DATABASES.million.name).begin();
  const started = performance.now();
  const until = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const at = performance.now();
      const { rows } = await pool.query<{ answer: { refused?: string } }>(
        `SELECT ${answerFunction}($1::jsonb) AS answer`,
        [saleInput(item())],
      );
      if (rows[0].answer.refused) refused++;
      else latencies.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: clients }, caller));
  const elapsed = (performance.now() - started) / 1000;
  const databaseCpu = cpu.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `${shape}: ${clients} callers, ${organizations.length} organization(s), pool ${poolSize}, ${elapsed.toFixed(1)} s: ${(latencies.length / elapsed).toFixed(0)} orders/s` +
      ` (${refused} refused), p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms,` +
      ` PostgreSQL CPU ${((databaseCpu * 1000) / Math.max(1, latencies.length + refused)).toFixed(1)} ms a call;` +
      ` load average ${loadAverage()}`,
  );
  await pool.end();
  if (!keep) await returnBenchPurchases(url);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
