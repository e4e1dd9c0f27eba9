// npx tsx scripts/bench/month-end.ts [-- --organizations 1000 --numbers 100 --pdfs 50] [--postgres]
//
// What the month-end run costs (lib/billing/month-end.ts, docs/API.md "Invoices"): every
// billable number's monthly fee in advance and one finalized invoice per account, with its tax
// and number. On embedded PGlite in this process by default; with --postgres, on a fresh
// database on PG_TEST_URL's server, dropped after (scripts/bench/fresh-database.ts). Seeds
// reference data, then `--organizations` organizations holding `--numbers` active numbers each (one order item
// priced 2.50 a month), and last month's setup and rest-of-month charges of each number on no
// invoice; runs VACUUM ANALYZE; then times runMonthEnd on the 1st at 00:00:30 and a second run
// (which finds nothing to do). Then the PDF of `--pdfs` of the invoices the run made, as
// GET /invoices/{id}/pdf makes it on demand (PDFs are never made at month-end): the invoice read
// as its owner reads it, then rendered; per PDF the read and render time, the render alone, and
// the size. Prints the times and counts; checks every number paid once and every account has
// its invoice. Timing is printed, never asserted. benchMonthEnd is the same for scripts/bench/run.ts.
import { runMonthEnd } from "@/lib/billing/month-end";
import { getInvoiceOrThrow } from "@/lib/billing/invoice-reads";
import { renderInvoicePdf } from "@/lib/billing/invoice-pdf";
import type { Database } from "@/lib/db/client";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";
import { BackendCpu, ownCpuSeconds } from "@/scripts/bench/backend-cpu";

export type MonthEndBenchOptions = {
  organizations: number;
  /** Active numbers each organization holds. */
  numbers: number;
  /** How many of the run's invoices to render as PDFs. */
  pdfs: number;
  postgres: boolean;
};

export type MonthEndBenchFigures = {
  database: string;
  organizations: number;
  numbers: number;
  firstRunMs: number;
  /** CPU seconds of the first run: the database's backends (PostgreSQL; 0 on PGlite) and this process. */
  firstRunCpu: { database: number; process: number };
  secondRunMs: number;
  invoices: number;
  recurringFees: number;
  pdf: {
    count: number;
    /** Lines of the smallest invoice rendered. */
    minLines: number;
    firstMs: number;
    medianMs: number;
    maxMs: number;
    renderMedianMs: number;
    renderMaxMs: number;
    /** CPU time of the render alone (this process), which a loaded machine inflates far less than the wall time. */
    renderCpuMedianMs: number;
    renderCpuMaxMs: number;
    maxBytes: number;
  };
};

const RUN_AT = new Date("2027-03-01T00:00:30Z");
const CHARGED_AT = "2027-02-14T10:00:00Z";

/** `organizations` organizations of `perOrganization` active numbers each, with last month's charges. */
export async function seedMonthEnd(db: Database, organizations: number, perOrganization: number) {
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
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];

/** The PDFs of `count` of the run's invoices, as GET /invoices/{id}/pdf reads and renders each. */
async function measurePdfs(db: Database, count: number): Promise<MonthEndBenchFigures["pdf"]> {
  const invoices = await db.sql.query<{ id: string; organization_id: string; lines: number }>(
    `SELECT i.id, i.organization_id, (SELECT count(*)::int FROM invoice_line l WHERE l.invoice_id = i.id) AS lines
       FROM invoice i WHERE i.run_key LIKE '2027-02:org_me_%' ORDER BY i.run_key LIMIT ${count}`,
  );
  const whole: number[] = [];
  const render: number[] = [];
  const renderCpu: number[] = [];
  let maxBytes = 0;
  let firstMs = 0;
  // The first PDF of the process reads the fonts and compiles the code: shown apart, not counted.
  for (const [index, invoice] of [invoices[0], ...invoices].entries()) {
    const started = performance.now();
    const view = await getInvoiceOrThrow(
      { organizationId: invoice.organization_id, role: "owner" },
      invoice.id,
      undefined,
    );
    const read = performance.now();
    const cpu = process.cpuUsage();
    const pdf = await renderInvoicePdf(view);
    const done = performance.now();
    const used = process.cpuUsage(cpu);
    if (index === 0) {
      firstMs = done - started;
      continue;
    }
    whole.push(done - started);
    render.push(done - read);
    renderCpu.push((used.user + used.system) / 1000);
    maxBytes = Math.max(maxBytes, pdf.length);
  }
  whole.sort((a, b) => a - b);
  render.sort((a, b) => a - b);
  renderCpu.sort((a, b) => a - b);
  return {
    count: invoices.length,
    minLines: Math.min(...invoices.map((invoice) => invoice.lines)),
    firstMs,
    medianMs: median(whole),
    maxMs: whole[whole.length - 1],
    renderMedianMs: median(render),
    renderMaxMs: render[render.length - 1],
    renderCpuMedianMs: median(renderCpu),
    renderCpuMaxMs: renderCpu[renderCpu.length - 1],
    maxBytes,
  };
}

export async function benchMonthEnd(options: MonthEndBenchOptions): Promise<MonthEndBenchFigures> {
  const { organizations, numbers: perOrganization } = options;
  const numbers = organizations * perOrganization;
  const { db, postgres, close } = await openFreshDatabase("bench_month_end", options.postgres);
  try {
    console.error(
      `seeded reference data; adding ${organizations} organizations with ${perOrganization} numbers each…`,
    );
    const started = performance.now();
    await seedMonthEnd(db, organizations, perOrganization);
    console.error(`fixtures in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const backends = postgres ? new BackendCpu(db.name.split("/")[1]).begin() : null;
    const processCpu = ownCpuSeconds();
    const first = performance.now();
    const result = await runMonthEnd(RUN_AT);
    const firstRunMs = performance.now() - first;
    const firstRunCpu = { database: backends?.end() ?? 0, process: ownCpuSeconds() - processCpu };
    const second = performance.now();
    await runMonthEnd(RUN_AT);
    const secondRunMs = performance.now() - second;

    const [fees] = await db.sql.query<{ n: number; numbers: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT number_id)::int AS numbers FROM ledger_entry
        WHERE kind = 'recurring_fee' AND organization_id LIKE 'org_me_%' AND idempotency_key LIKE 'recurring:%:2027-03'`,
    );
    const [invoices] = await db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice WHERE run_key LIKE '2027-02:org_me_%' AND status = 'open'`,
    );
    if (fees.n !== numbers || fees.numbers !== numbers || invoices.n !== organizations)
      throw new Error(
        `expected ${numbers} monthly fees and ${organizations} open invoices; found ${fees.n} fees for ${fees.numbers} numbers and ${invoices.n} invoices`,
      );
    const pdf = await measurePdfs(db, options.pdfs);
    const figures: MonthEndBenchFigures = {
      database: postgres ? "PostgreSQL" : "PGlite (in process, in memory)",
      organizations,
      numbers,
      firstRunMs,
      firstRunCpu,
      secondRunMs,
      invoices: result.invoices,
      recurringFees: result.recurringFees,
      pdf,
    };
    printMonthEnd(figures);
    return figures;
  } finally {
    await close();
  }
}

function printMonthEnd(figures: MonthEndBenchFigures) {
  const { pdf } = figures;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `month-end on ${figures.database}: ${figures.organizations} accounts, ${figures.numbers} billable numbers`,
  );
  console.log(
    `  first run   ${s(figures.firstRunMs)}  (${Math.round(figures.numbers / (figures.firstRunMs / 1000))} numbers/s, ` +
      `${figures.invoices} invoices, ${figures.recurringFees} monthly fees); CPU: database ` +
      `${figures.firstRunCpu.database.toFixed(1)} s, this process ${figures.firstRunCpu.process.toFixed(1)} s`,
  );
  console.log(`  second run  ${s(figures.secondRunMs)}  (nothing left to do)`);
  console.log(
    `  invoice PDF (read + render, as GET /invoices/{id}/pdf), ${pdf.count} invoices of ${pdf.minLines}+ lines: ` +
      `median ${pdf.medianMs.toFixed(1)} ms, max ${pdf.maxMs.toFixed(1)} ms (render alone: median ` +
      `${pdf.renderMedianMs.toFixed(1)} ms, max ${pdf.renderMaxMs.toFixed(1)} ms; its CPU time: median ` +
      `${pdf.renderCpuMedianMs.toFixed(1)} ms, max ${pdf.renderCpuMaxMs.toFixed(1)} ms), largest ` +
      `${(pdf.maxBytes / 1024).toFixed(1)} kB; the process's first PDF ${pdf.firstMs.toFixed(0)} ms`,
  );
}

function whole(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = Number(index === -1 ? fallback : process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

if (require.main === module)
  benchMonthEnd({
    organizations: whole("organizations", 1000),
    numbers: whole("numbers", 100),
    pdfs: whole("pdfs", 50),
    postgres: process.argv.includes("--postgres"),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
