// The database of the CSV exports' benchmark (scripts/bench/exports.ts) and its data, one
// organization's: `rows` numbers bought on one order (so each has the monthly fee
// billing_number_fees prices), every tenth with two rules; `rows` ledger entries over a year, with
// numbers, orders, invoice lines and descriptions that need quoting; `rows` audit entries naming
// numbers, with changes. All in plain SQL (generate_series), so 100,000 of each take seconds,
// not a minute of Prisma calls.
import { Client } from "pg";
import path from "node:path";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations, readFunctions, readMigrations } from "@/lib/db/migrate";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";
import { seedBillingHistory } from "@/prisma/seed/billing";
import { DEFAULT_DEMO_PASSWORD } from "@/prisma/seed/fixtures";
import { databaseUrl, serverUrl } from "@/scripts/bench/databases";

export const EXPORT_BENCH_ORGANIZATION = "org_export_bench";
const USER = "usr_export_bench";

/** How many rows of each kind the organization already has: seeded when any falls short. */
async function counts(client: Client): Promise<{ numbers: number; ledger: number; audit: number }> {
  const { rows } = await client.query<{ numbers: string; ledger: string; audit: string }>(
    `SELECT (SELECT count(*) FROM number_configuration WHERE organization_id = $1) AS numbers,
            (SELECT count(*) FROM ledger_entry WHERE organization_id = $1) AS ledger,
            (SELECT count(*) FROM audit_event WHERE organization_id = $1) AS audit`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  return { numbers: Number(rows[0].numbers), ledger: Number(rows[0].ledger), audit: Number(rows[0].audit) };
}

/**
 * Whether the database holds the organization's `rows` of each kind ("seeded"), none ("empty"),
 * or another amount ("other": the ledger is append-only, so such a database is made anew).
 */
export async function exportBenchState(client: Client, rows: number): Promise<"seeded" | "empty" | "other"> {
  const have = await counts(client);
  if (have.numbers === rows && have.ledger === rows && have.audit === rows) return "seeded";
  return have.numbers + have.ledger + have.audit === 0 ? "empty" : "other";
}

/** Seeds `rows` numbers, ledger entries and audit entries into a database that has none of them. */
export async function seedExportBench(client: Client, rows: number, log: (line: string) => void) {
  log(`seeding ${rows.toLocaleString("en")} numbers, ledger entries and audit entries`);
  const started = performance.now();
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO organization (id, name) VALUES ($1, 'Export benchmark') ON CONFLICT (id) DO NOTHING`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  await client.query(
    `INSERT INTO app_user (id, organization_id, email, name, role, password_hash, email_verified_at)
     VALUES ($1, $2, 'owner@export-bench.example', 'Export bench owner', 'owner', '!', now())
     ON CONFLICT (id) DO NOTHING`,
    [USER, EXPORT_BENCH_ORGANIZATION],
  );
  // One order of one item: every number bought under it, at its fee.
  await client.query(
    `WITH placed AS (
       INSERT INTO "order" (reference_id, organization_id, contact_name, status)
       VALUES ('ORD-EXPORTBENCH', $1, 'Bench', 'completed') RETURNING id)
     INSERT INTO order_item (order_id, position, kind, country_id, number_type_id, region_id, product_id,
                             quantity, currency, monthly_fee, setup_fee, estimated_lead_time)
     SELECT placed.id, 1, 'geography', 'GB', 'local', 'GB-ENG-LONDON-20', p.id, $2, 'EUR', 1.50, 0, 'immediate'
       FROM placed, (SELECT id FROM product ORDER BY id LIMIT 1) p`,
    [EXPORT_BENCH_ORGANIZATION, rows],
  );
  await client.query(
    `INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
       sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
       outside_country_display, portable, sold_at, order_item_id)
     SELECT '+4470' || lpad(g::text, 8, '0'), '70' || lpad(g::text, 8, '0'), 'GB', 'local', 'GB-ENG-LONDON-20',
            'sold', true, true, '', '', '', '', '', now(),
            (SELECT i.id FROM order_item i JOIN "order" o ON o.id = i.order_id WHERE o.reference_id = 'ORD-EXPORTBENCH')
       FROM generate_series(1, $1::int) g`,
    [rows],
  );
  await client.query(
    `INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, tags, created_at)
     SELECT 'num_xb_' || n.id, $1, 'number', n.number_e164,
            CASE WHEN n.id % 7 = 0 THEN 'Desk "' || n.id || '", floor 2' ELSE 'Line ' || n.id END,
            n.id, ARRAY['bench', 'fleet'], now() - (n.id % 100000) * interval '1 minute'
       FROM inventory_number n
      WHERE n.order_item_id = (SELECT i.id FROM order_item i JOIN "order" o ON o.id = i.order_id
                                WHERE o.reference_id = 'ORD-EXPORTBENCH')`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  await client.query(
    `INSERT INTO rule (configuration_id, name, priority, action_type, destination)
     SELECT c.id, 'Rule ' || r, r, 'dial', '+442079460000'
       FROM number_configuration c, generate_series(1, 2) r
      WHERE c.organization_id = $1 AND right(c.number, 1) = '0'`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  await seedLedger(client, rows);
  await seedAudit(client, rows);
  await client.query("COMMIT");
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seedLedger(client: Client, rows: number): Promise<void> {
  // Every entry moves its account's balance (a trigger): the account comes first.
  await client.query(
    `INSERT INTO billing_account (organization_id, currency, credit_limit_minor, standing_since, created_at)
     VALUES ($1, 'EUR', 0, now(), now())`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  // Newest first is the export's order: entries spread over a year, several per millisecond
  // now and then (ties broken by id), a tenth naming the order, half naming a number.
  await client.query(
    `INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id,
                               number_e164, order_id, period_start, period_end, reference, idempotency_key, created_at)
     SELECT 'led_xb_' || lpad(g::text, 8, '0'), $1, 'EUR',
            (ARRAY['recurring_fee', 'setup_fee', 'payment', 'credit']::ledger_kind[])[1 + g % 4],
            CASE WHEN g % 4 IN (2, 3) THEN -150 ELSE 150 END,
            CASE WHEN g % 5 = 0 THEN 'Monthly fee, "London" line' ELSE 'Monthly fee' END,
            CASE WHEN g % 2 = 0 THEN 'num_xb_' || g END, CASE WHEN g % 2 = 0 THEN '+4470' || lpad(g::text, 8, '0') END,
            CASE WHEN g % 10 = 1 THEN (SELECT id FROM "order" WHERE reference_id = 'ORD-EXPORTBENCH') END,
            CASE WHEN g % 4 = 0 THEN date '2026-01-01' END, CASE WHEN g % 4 = 0 THEN date '2026-02-01' END,
            CASE WHEN g % 3 = 0 THEN 'ref-' || g END, 'xb-' || g,
            timestamptz '2026-01-01' + (g / 3) * interval '300 ms'
       FROM generate_series(1, $2::int) g`,
    [EXPORT_BENCH_ORGANIZATION, rows],
  );
  // One invoice holding a hundredth of the entries, so the invoice column is read too.
  await client.query(
    `INSERT INTO invoice (id, organization_id, currency, period_start, period_end, subtotal_minor, tax_minor,
                          total_minor, tax_rate_bp, tax_treatment, seller, buyer, created_at)
     VALUES ('inv_xb', $1, 'EUR', '2026-01-01', '2026-02-01', 0, 0, 0, 0, 'domestic', '{}', '{}', now())`,
    [EXPORT_BENCH_ORGANIZATION],
  );
  await client.query(
    `INSERT INTO invoice_line (invoice_id, position, ledger_entry_id, description, amount_minor)
     SELECT 'inv_xb', row_number() OVER (ORDER BY id), id, description, amount_minor
       FROM ledger_entry WHERE organization_id = $1 AND right(id, 2) = '00'`,
    [EXPORT_BENCH_ORGANIZATION],
  );
}

async function seedAudit(client: Client, rows: number): Promise<void> {
  await client.query(
    `INSERT INTO audit_event (id, organization_id, at, actor_type, actor_id, actor_name, ip, action,
                              resource_type, resource_id, changes)
     SELECT 'aud_xb_' || lpad(g::text, 8, '0'), $1, timestamptz '2026-01-01' + (g / 2) * interval '250 ms',
            'user', $3, 'Export bench owner', CASE WHEN g % 3 = 0 THEN '203.0.113.7' END,
            (ARRAY['number.update', 'number.tags', 'token.create'])[1 + g % 3], 'number', 'num_xb_' || g,
            jsonb_build_array(jsonb_build_object('field', 'name', 'from', 'Line ' || g, 'to', 'Desk "' || g || '"'))
       FROM generate_series(1, $2::int) g`,
    [EXPORT_BENCH_ORGANIZATION, rows, USER],
  );
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database (anew when it holds another amount of rows), migrated and seeded; its URL. */
export async function prepareDatabase(
  name: string,
  rows: number,
  appDir: string,
  log: (line: string) => void,
): Promise<string> {
  const url = databaseUrl(name);
  // Twice at most: a database that holds other amounts (a run of another --rows, or one whose
  // bench rows a month-end run billed) is dropped, made anew, and ready the second time.
  for (let attempt = 1; ; attempt++) {
    const exists = await withAdmin(
      async (admin) =>
        ((await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0,
    );
    if (!exists) {
      log(`creating database ${name}`);
      await withAdmin((admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
    }
    // The served build's migrations and functions (the bench may serve another tree's build).
    const db = await connectPostgres(url, 2);
    try {
      await applyMigrations(
        db.sql,
        readMigrations(path.join(appDir, "prisma", "migrations")),
        readFunctions(path.join(appDir, "prisma", "functions")),
      );
      await seedDatabase(db, { numbers: 0, log: () => undefined });
      // The demo's billing history, which `npm start` would otherwise seed on its first start:
      // its month-end runs would bill the bench's numbers too, adding ledger entries.
      await seedBillingHistory(db, {
        now: new Date(),
        password: DEFAULT_DEMO_PASSWORD,
        log: () => undefined,
      });
    } finally {
      await db.close();
    }
    const state = await withClient(url, (client) => exportBenchState(client, rows));
    if (state === "other" && attempt === 1) {
      log(`dropping database ${name}: it holds another number of rows`);
      await dropDatabase(name);
      continue;
    }
    if (state === "other") throw new Error(`${name} holds another number of rows after a fresh seed`);
    await withClient(url, async (client) => {
      if (state === "empty") await seedExportBench(client, rows, log);
      log("VACUUM (ANALYZE)");
      await client.query("VACUUM (ANALYZE)");
    });
    return url;
  }
}

/** A fresh token with every scope for the bench organization. */
export async function benchToken(url: string): Promise<string> {
  const db = await connectPostgres(url, 2);
  try {
    await db.prisma.apiToken.deleteMany({
      where: { organizationId: EXPORT_BENCH_ORGANIZATION, name: "bench" },
    });
    const { secret } = await createApiToken(db.prisma, {
      organizationId: EXPORT_BENCH_ORGANIZATION,
      userId: "usr_export_bench",
      name: "bench",
      scopes,
    });
    return secret;
  } finally {
    await db.close();
  }
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const withAdmin = <T>(fn: (client: Client) => Promise<T>) => withClient(serverUrl(), fn);

export const dropDatabase = (name: string) =>
  withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));

export const postgresVersion = () =>
  withAdmin(async (admin) => String((await admin.query("SELECT version()")).rows[0].version));
