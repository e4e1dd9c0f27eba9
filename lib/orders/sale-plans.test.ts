// The sale's plans whatever the statistics say (PostgreSQL only: PGlite has no auto_explain and
// no autovacuum). Once ANALYZE had seen number_configuration with a few rows on low inventory
// ids, PostgreSQL planned the statements that join the numbers sold to their configurations
// as merge joins along inventory_number_pkey, expected to stop early; the numbers sold since sit
// at high ids, so each order walked the whole table (≈5 s an order at 1,000,000 numbers in the
// bench). Here a realistic inventory is analyzed in that state, then every statement of a region
// order, a named-number order and a back-order fill is explained by auto_explain (nested
// statements included, as the server ran them), and none may read more of inventory_number than
// the rows it needs.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "pg";
import { connectPostgres, getDatabase, setDatabase, type Database } from "@/lib/db/client";
import { placeOrder } from "@/lib/orders/place-order";
import { fillBackorders } from "@/lib/orders/backorders";
import { testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";

const FILLER = 100_000;
const SOLD_REGION = "US-NY-NEW_YORK-212";
const FILL_REGION = "US-IL-CHICAGO-312";
// Each statement needs a handful of rows of inventory_number; the table holds 100,000+.
const MAX_ROWS_READ = 1_000;
const buyer = { organizationId: "org_acme", userId: null, tokenId: null };

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};
type Read = { statement: string; node: string; index: string; rows: number };

/** Every node of `plan` that reads inventory_number, with the rows it went through. */
function inventoryReads(plan: PlanNode, statement: string, reads: Read[] = []): Read[] {
  const index = plan["Index Name"] ?? "";
  if (plan["Relation Name"] === "inventory_number" || index.startsWith("inventory_number")) {
    const perLoop =
      (plan["Actual Rows"] ?? 0) +
      (plan["Rows Removed by Filter"] ?? 0) +
      (plan["Rows Removed by Index Recheck"] ?? 0);
    reads.push({
      statement: statement.replace(/\s+/g, " ").slice(0, 100),
      node: plan["Node Type"],
      index,
      rows: perLoop * (plan["Actual Loops"] ?? 1),
    });
  }
  for (const child of plan.Plans ?? []) inventoryReads(child, statement, reads);
  return reads;
}

// auto_explain on the connections of a pool of our own, its plans sent to the client as NOTICEs.
const explained = [
  "session_preload_libraries=auto_explain",
  "auto_explain.log_min_duration=0",
  "auto_explain.log_analyze=on",
  "auto_explain.log_timing=off",
  "auto_explain.log_nested_statements=on",
  "auto_explain.log_format=json",
  "auto_explain.log_level=notice",
];

describe.runIf(testDatabaseKind === "postgres")("the sale's plans after ANALYZE", () => {
  let inventory: Database;
  let explaining: Database;
  const notices: string[] = [];
  const heard = new WeakSet<Client>();

  beforeAll(async () => {
    inventory = await getDatabase();
    const { sql } = inventory;
    // The template's stock of the two regions goes: what is sold below sits at the highest ids.
    await sql.exec(`DELETE FROM inventory_number WHERE region_id IN ('${SOLD_REGION}', '${FILL_REGION}')
                      AND status = 'available'`);
    // 100,000 numbers of another region, then 2,000 of the region sold. The trigram indexes only
    // serve the search's "contains" filters; dropped, the load takes a third of the time.
    await sql.exec(
      `DROP INDEX inventory_number_national_number_trgm_idx, inventory_number_number_e164_trgm_idx`,
    );
    const insert = (region: string, areaCode: string, count: number) =>
      sql.exec(`INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id,
                  sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
                  outside_country_display, portable)
                SELECT '+1${areaCode}' || (2000000 + g)::text, '${areaCode}' || (2000000 + g)::text, 'US', 'local',
                       '${region}', true, true, 'standard', 'none', 'yes', 'yes', 'yes'
                  FROM generate_series(1, ${count}) AS g
                ON CONFLICT (number_e164) DO NOTHING`);
    await insert("US-CA-LOS_ANGELES-213", "213", FILLER);
    await insert(SOLD_REGION, "212", 2_000);
    // An order waiting for the fill's region, placed before the statistics are taken.
    await placeOrder(
      buyer,
      {
        contact_name: "waits",
        items: [{ country: "US", number_type: "local", region: FILL_REGION, quantity: 2 }],
      },
      null,
    );
    // What autovacuum does: the configurations it sees are the template's, on low inventory ids.
    await sql.exec("ANALYZE");

    const url = new URL(await testDatabaseUrl());
    url.searchParams.set("options", explained.map((setting) => `-c ${setting}`).join(" "));
    // One connection: PL/pgSQL's cached (and, after five calls, generic) plans are all explained.
    explaining = await connectPostgres(url.toString(), 1);
    const query = Client.prototype.query;
    vi.spyOn(Client.prototype, "query").mockImplementation(function (this: Client, ...args: unknown[]) {
      if (!heard.has(this)) {
        heard.add(this);
        this.on("notice", (notice: { message?: string }) => notices.push(notice.message ?? ""));
      }
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    setDatabase(explaining);
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    setDatabase(inventory);
    await explaining?.close();
  });

  /** What inventory_number `work` read, statement by statement, as the server planned it. */
  async function readsOf(work: () => Promise<unknown>): Promise<Read[]> {
    notices.length = 0;
    await work();
    return notices.flatMap((notice) => {
      const json = notice.indexOf("{");
      if (json === -1) return [];
      const entry = JSON.parse(notice.slice(json)) as { "Query Text": string; Plan: PlanNode };
      return inventoryReads(entry.Plan, entry["Query Text"]);
    });
  }

  const tooMuch = (reads: Read[]) =>
    reads.filter((read) => read.node === "Seq Scan" || read.rows > MAX_ROWS_READ);

  it("sells one region's numbers by index, order after order", async () => {
    const reads: Read[] = [];
    for (let order = 0; order < 7; order++)
      reads.push(
        ...(await readsOf(() =>
          placeOrder(
            buyer,
            {
              contact_name: "region",
              items: [{ country: "US", number_type: "local", region: SOLD_REGION, quantity: 1 }],
            },
            null,
          ),
        )),
      );
    expect(reads.length).toBeGreaterThan(0);
    expect(tooMuch(reads)).toEqual([]);
  });

  it("sells named numbers by index, order after order", async () => {
    const reads: Read[] = [];
    for (let order = 0; order < 7; order++)
      reads.push(
        ...(await readsOf(() =>
          placeOrder(
            buyer,
            { contact_name: "named", items: [{ number_e164: `+1212${2002000 - order}` }] },
            null,
          ),
        )),
      );
    expect(reads.length).toBeGreaterThan(0);
    expect(tooMuch(reads)).toEqual([]);
  });

  it("fills a back-order by index", async () => {
    await inventory.sql
      .exec(`INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id,
        region_id, sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
        outside_country_display, portable)
      SELECT '+1312' || (2000000 + g)::text, '312' || (2000000 + g)::text, 'US', 'local', '${FILL_REGION}', true, true,
             'standard', 'none', 'yes', 'yes', 'yes' FROM generate_series(1, 2) AS g`);
    let filled = 0;
    const reads = await readsOf(async () => {
      filled = (await fillBackorders([{ countryId: "US", numberTypeId: "local", regionId: FILL_REGION }]))
        .assignedNumbers;
    });
    expect(filled).toBe(2);
    expect(reads.length).toBeGreaterThan(0);
    expect(tooMuch(reads)).toEqual([]);
  });
});
