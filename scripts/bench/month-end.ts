// npx tsx scripts/bench/month-end.ts [-- --organizations 1000 --numbers 100] [--postgres]
//
// What the month-end run costs (lib/billing/month-end.ts, docs/API.md "Invoices"): every
// billable number's monthly fee in advance and one finalized invoice per account, with its tax
// and number. On embedded PGlite in this process by default; with --postgres, on a fresh
// database on PG_TEST_URL's server, dropped after (scripts/bench/fresh-database.ts). Seeds
// reference data, then `--organizations` organizations holding `--numbers` active numbers each (one order item
// priced 2.50 a month), and last month's setup and rest-of-month charges of each number on no
// invoice; runs VACUUM ANALYZE; then times runMonthEnd on the 1st at 00:00:30 and a second run
// (which finds nothing to do). Prints the times and counts; checks every number paid once and
// every account has its invoice. Timing is printed, never asserted.
import { runMonthEnd } from "@/lib/billing/month-end";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function whole(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

const RUN_AT = new Date("2027-03-01T00:00:30Z");
const CHARGED_AT = "2027-02-14T10:00:00Z";

async function main() {
  const organizations = whole("organizations", 1000);
  const perOrganization = whole("numbers", 100);
  const numbers = organizations * perOrganization;
  const { db, postgres, close } = await openFreshDatabase("bench_month_end");
  const where = postgres ? "PostgreSQL" : "PGlite (in process, in memory)";
  try {
    console.error(
      `seeded reference data; adding ${organizations} organizations with ${perOrganization} numbers each…`,
    );
    const started = performance.now();
    await db.sql.exec(`
      INSERT INTO organization (id, name) SELECT 'org_me_' || o, 'Month-end ' || o FROM generate_series(1, ${organizations}) o;
      INSERT INTO billing_account (organization_id, currency, credit_limit_minor, standing, standing_since, created_at)
      SELECT 'org_me_' || o, 'USD', 100000000, 'good_standing', '${CHARGED_AT}', '${CHARGED_AT}'
        FROM generate_series(1, ${organizations}) o;
      INSERT INTO "order" (reference_id, organization_id, contact_name, status, created_at)
      SELECT 'ORD-ME' || lpad(o::text, 8, '0'), 'org_me_' || o, 'Bench', 'completed', '${CHARGED_AT}'
        FROM generate_series(1, ${organizations}) o;
      INSERT INTO order_item (order_id, position, kind, country_id, number_type_id, region_id, product_id, quantity,
                              currency, monthly_fee, setup_fee, estimated_lead_time)
      SELECT o.id, 1, 'geography', 'US', 'local', p.region_id, p.id, ${perOrganization}, 'USD', 2.50, 1.00, 'immediate'
        FROM "order" o, (SELECT id, region_id FROM product WHERE country_id = 'US' AND number_type_id = 'local'
                          ORDER BY id LIMIT 1) p
       WHERE o.reference_id LIKE 'ORD-ME%';
      INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
        sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
        outside_country_display, portable, order_item_id, sold_at)
      SELECT '+1555' || lpad((i.id * ${perOrganization} + g)::text, 9, '0'), '555' || lpad((i.id * ${perOrganization} + g)::text, 9, '0'),
             'US', 'local', i.region_id, 'sold', true, true, '', '', '', '', '', i.id, '${CHARGED_AT}'
        FROM order_item i, generate_series(1, ${perOrganization}) g;
      INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, status, created_at)
      SELECT 'num_me_' || n.id, o.organization_id, 'number', n.number_e164, n.number_e164, n.id, 'active', '${CHARGED_AT}'
        FROM inventory_number n JOIN order_item i ON i.id = n.order_item_id JOIN "order" o ON o.id = i.order_id
       WHERE o.reference_id LIKE 'ORD-ME%';
      INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id, number_e164,
                                order_id, period_start, period_end, idempotency_key, created_at)
      SELECT 'le_s' || c.id, c.organization_id, 'USD', 'setup_fee'::ledger_kind, -100, 'Setup fee', c.id, c.number, NULL::int, NULL::date, NULL::date,
             'setup:' || c.id, '${CHARGED_AT}'::timestamptz
        FROM number_configuration c WHERE c.id LIKE 'num_me_%'
      UNION ALL
      SELECT 'le_p' || c.id, c.organization_id, 'USD', 'prorated_fee'::ledger_kind, -134, 'Rest of month', c.id, c.number, NULL::int,
             '2027-02-14'::date, '2027-03-01'::date, 'prorated:' || c.id || ':2027-02', '${CHARGED_AT}'::timestamptz
        FROM number_configuration c WHERE c.id LIKE 'num_me_%';
    `);
    // Alone: VACUUM cannot run inside the implicit transaction of a multi-statement string.
    await db.sql.exec("VACUUM ANALYZE");
    console.error(`fixtures in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const first = performance.now();
    const result = await runMonthEnd(RUN_AT);
    const firstMs = performance.now() - first;
    const second = performance.now();
    const again = await runMonthEnd(RUN_AT);
    const secondMs = performance.now() - second;

    const [fees] = await db.sql.query<{ n: number; numbers: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT number_id)::int AS numbers FROM ledger_entry
        WHERE kind = 'recurring_fee' AND organization_id LIKE 'org_me_%' AND idempotency_key LIKE 'recurring:%:2027-03'`,
    );
    const [invoices] = await db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice WHERE run_key LIKE '2027-02:org_me_%' AND status = 'open'`,
    );
    console.log(`month-end on ${where}: ${organizations} accounts, ${numbers} billable numbers`);
    console.log(
      `  first run   ${(firstMs / 1000).toFixed(1)} s  (${Math.round(numbers / (firstMs / 1000))} numbers/s, ` +
        `${result.invoices} invoices, ${result.recurringFees} monthly fees)`,
    );
    console.log(
      `  second run  ${(secondMs / 1000).toFixed(1)} s  (${again.invoices} invoices, ${again.recurringFees} fees)`,
    );
    if (fees.n !== numbers || fees.numbers !== numbers || invoices.n < organizations)
      throw new Error(
        `expected ${numbers} monthly fees and ${organizations} open invoices; found ${fees.n} fees for ${fees.numbers} numbers and ${invoices.n} invoices`,
      );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
