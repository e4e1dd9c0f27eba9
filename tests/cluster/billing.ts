// The month-end run across processes (docs/API.md "Invoices"): three instances' workers close
// the same accounts at once, and one of them is killed (kill -9) in the middle of the run and
// restarted. ORGANIZATIONS fresh organizations get, as fixtures written the way a sale writes
// them, NUMBERS billable numbers each and last month's setup fee and rest-of-month charge per
// number, on no invoice: exactly what the run finds on the 1st. Then, in SQL: each
// organization has one invoice for last month, whose lines are its charges of last month and
// this month's monthly fee of each of its numbers (charged in advance) and its tax; each of
// those charges exists once and is on one invoice; the invoice numbers of the series run with
// no gap; and billing's invariants hold (tests/cluster/invariants.ts).
import { randomBytes, randomInt } from "node:crypto";
import type { Pool } from "pg";
import type { Instance } from "@/scripts/cluster/servers";
import { killOneMidRun, writeFixtures } from "@/tests/cluster/crash-run";
import { check, section } from "@/tests/cluster/report";

const ORGANIZATIONS = 300;
const NUMBERS = 3;
const CURRENCY = "USD";

/** The first instant of `moment`'s UTC month, moved by `months`. */
const monthStart = (moment: Date, months = 0) =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + months, 1));

/** BILLING_RUN_EVERY_MS for the instances: a pass every second, so the section does not wait. */
export const billingClusterEnv = { BILLING_RUN_EVERY_MS: "1000" };

export async function monthEndCrashChecks(instances: Instance[], pool: Pool): Promise<void> {
  section(
    `month-end: ${ORGANIZATIONS} accounts closed by ${instances.length} instances at once, one killed (kill -9) mid-run and restarted`,
  );
  const run = randomBytes(4).toString("hex");
  const now = new Date();
  const month = monthStart(now);
  const lastMonth = monthStart(now, -1);
  const monthKey = month.toISOString().slice(0, 7);
  const lastMonthKey = lastMonth.toISOString().slice(0, 7);
  const chargedAt = new Date(lastMonth.getTime() + 14 * 86_400_000);

  // The numbers, made for this section beside a seeded one of a US local region (its product
  // priced the item): E.164 digits only, a run's numbers differ from another's by 4 random digits.
  const { rows: stock } = await pool.query<{ id: number; number_e164: string; region_id: string }>(
    `INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
                                   sms_enabled, voice_enabled, standard_capacity, geographic_restrictions,
                                   mobile_accessible, outside_country_display, portable)
     SELECT '+8881' || $2 || lpad(g::text, 5, '0'), '8881' || $2 || lpad(g::text, 5, '0'), t.country_id,
            t.number_type_id, t.region_id, 'available', t.sms_enabled, t.voice_enabled, t.standard_capacity,
            t.geographic_restrictions, t.mobile_accessible, t.outside_country_display, t.portable
       FROM generate_series(1, $1::int) g,
            (SELECT * FROM inventory_number WHERE country_id = 'US' AND number_type_id = 'local'
              ORDER BY id LIMIT 1) t
     ORDER BY g
     RETURNING id, number_e164, region_id`,
    [ORGANIZATIONS * NUMBERS, String(randomInt(1000, 10_000))],
  );
  await writeFixtures(pool, async (fixtures) => {
    await fixtures.query(
      `INSERT INTO organization (id, name) SELECT 'org_bill_' || $1 || '_' || g, 'Month-end ' || g
         FROM generate_series(1, $2::int) g`,
      [run, ORGANIZATIONS],
    );
    for (let index = 0; index < ORGANIZATIONS; index++) {
      const organization = `org_bill_${run}_${index + 1}`;
      const numbers = stock.slice(index * NUMBERS, (index + 1) * NUMBERS);
      await fixtures.query(`SELECT billing_open_account($1, $2, 100000000, $3)`, [
        organization,
        CURRENCY,
        chargedAt,
      ]);
      // One order whose item sold the numbers, as sell_to_item leaves them.
      const order = await fixtures.query<{ id: number }>(
        `INSERT INTO "order" (reference_id, organization_id, contact_name, status, created_at)
         VALUES ('ORD-BILL' || $1 || $2, $3, 'Month-end', 'completed', $4) RETURNING id`,
        [run.toUpperCase(), index + 1, organization, chargedAt],
      );
      const item = await fixtures.query<{ id: number }>(
        `INSERT INTO order_item (order_id, position, kind, country_id, number_type_id, region_id, product_id,
                                 quantity, currency, monthly_fee, setup_fee, estimated_lead_time)
         SELECT $1, 1, 'geography', 'US', 'local', $2, p.id, $3, $4, 2.50, 1.00, 'immediate'
           FROM product p WHERE p.region_id = $2 ORDER BY p.id LIMIT 1
         RETURNING id`,
        [order.rows[0].id, numbers[0].region_id, NUMBERS, CURRENCY],
      );
      for (const number of numbers) {
        const id = `num_bill_${run}_${number.id}`;
        await fixtures.query(
          `UPDATE inventory_number SET status = 'sold', order_item_id = $1, sold_at = $2 WHERE id = $3`,
          [item.rows[0].id, chargedAt, number.id],
        );
        await fixtures.query(
          `INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, status, created_at)
           VALUES ($1, $2, 'number', $3, $3, $4, 'active', $5)`,
          [id, organization, number.number_e164, number.id, chargedAt],
        );
        await fixtures.query(
          `INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id, number_e164,
                                     order_id, period_start, period_end, idempotency_key, created_at)
           VALUES ('le_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, 'setup_fee', -100, 'Setup fee', $3, $4, $5,
                   NULL, NULL, 'setup:' || $3, $6),
                  ('le_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, 'prorated_fee', -142, 'Rest of month', $3, $4, $5,
                   $7::date + 14, $8::date, 'prorated:' || $3 || ':' || $9, $6)`,
          [
            organization,
            CURRENCY,
            id,
            number.number_e164,
            order.rows[0].id,
            chargedAt,
            lastMonth,
            month,
            lastMonthKey,
          ],
        );
      }
    }
  });
  const invoiced = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM invoice WHERE organization_id LIKE $1 AND run_key IS NOT NULL`,
        [`org_bill_${run}_%`],
      )
    ).rows[0].n;

  // The workers find the accounts on their next pass.
  await killOneMidRun(instances, ORGANIZATIONS, invoiced, {
    things: "accounts",
    thing: "account",
    leftTo: "close",
    done: "invoiced",
  });

  const one = async (sql: string) => (await pool.query<{ n: number }>(sql, [`org_bill_${run}_%`])).rows[0].n;
  check(
    "each account has one invoice for last month, finalized with a number",
    (await one(
      `SELECT count(*)::int AS n FROM (SELECT organization_id FROM invoice WHERE organization_id LIKE $1
          AND run_key IS NOT NULL AND number IS NOT NULL AND status <> 'draft'
          AND period_start = '${lastMonth.toISOString().slice(0, 10)}'
          GROUP BY organization_id HAVING count(*) = 1) o`,
    )) === ORGANIZATIONS,
  );
  const numbers = ORGANIZATIONS * NUMBERS;
  check(
    `each number pays this month's fee once (${numbers} recurring fees for ${monthKey})`,
    (await one(
      `SELECT count(DISTINCT idempotency_key)::int AS n FROM ledger_entry WHERE organization_id LIKE $1
          AND kind = 'recurring_fee' AND idempotency_key LIKE 'recurring:%:${monthKey}'`,
    )) === numbers &&
      (await one(
        `SELECT count(*)::int AS n FROM ledger_entry WHERE organization_id LIKE $1 AND kind = 'recurring_fee'`,
      )) === numbers,
  );
  check(
    "every charge is on exactly one invoice: last month's two per number, this month's fee, one tax per invoice",
    (await one(
      `SELECT count(*)::int AS n FROM ledger_entry e WHERE e.organization_id LIKE $1
          AND (SELECT count(*) FROM invoice_line l WHERE l.ledger_entry_id = e.id) <> 1`,
    )) === 0 &&
      (await one(`SELECT count(*)::int AS n FROM ledger_entry WHERE organization_id LIKE $1`)) ===
        numbers * 3 + ORGANIZATIONS,
  );
  check(
    "each invoice totals its three charges per number and its tax",
    (await one(
      `SELECT count(*)::int AS n FROM invoice i WHERE i.organization_id LIKE $1
          AND i.subtotal_minor <> ${NUMBERS} * (100 + 142 + 250)`,
    )) === 0,
  );
}
