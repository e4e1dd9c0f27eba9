// The carrier driver across processes (docs/API.md "Port-in"): three instances' workers sweep the
// same port orders at once, and one of them is killed (kill -9) in the middle and restarted.
// ORDERS submitted orders (written as the submit action leaves them: numbers pending, each with
// a configuration `porting`, the submission's timeline entry) were submitted days ago for a
// requested FOC date already past, so on its next pass a driver confirms each one's FOC, starts
// its activation and completes it, each in a transaction of its own. Every NUMBERS-th number
// ends in 95 (the simulated carrier fails it at cut-over: a partial port). Then, in SQL: each
// order made each of its three moves once (timeline, audit entry, outbox event), ended ported or
// partially_ported; each number that came over is active and charged once, each that failed has
// no configuration and no charge; billing's invariants hold (tests/cluster/invariants.ts).
import { randomBytes, randomInt } from "node:crypto";
import type { Pool } from "pg";
import type { Instance } from "@/scripts/cluster/servers";
import { killOneMidRun, writeFixtures } from "@/tests/cluster/crash-run";
import { check, section } from "@/tests/cluster/report";

const ORGANIZATIONS = 20;
const ORDERS_PER_ORGANIZATION = 10;
const ORDERS = ORGANIZATIONS * ORDERS_PER_ORGANIZATION;
const NUMBERS = 3;
const DAY_MS = 86_400_000;

/** PORTING_CARRIER_EVERY_MS for the instances: a sweep every second, so the section does not wait. */
export const portingClusterEnv = { PORTING_CARRIER: "simulated", PORTING_CARRIER_EVERY_MS: "1000" };

/** The three moves the driver makes of a submitted order whose FOC has passed, in order. */
const MOVES = ["foc_confirmed", "activating", "ported|partially_ported"] as const;

export async function portingCrashChecks(instances: Instance[], pool: Pool): Promise<void> {
  section(
    `porting: ${ORDERS} port orders driven by ${instances.length} instances' workers at once, one killed (kill -9) mid-run and restarted`,
  );
  const run = randomBytes(4).toString("hex");
  const prefix = `org_port_${run}_`;
  // Submitted a week ago, for a requested FOC date (a Monday to Friday) three days ago: every
  // answer is due and the FOC has passed.
  const submittedAt = new Date(Date.now() - 7 * DAY_MS);
  let foc = new Date(Date.now() - 3 * DAY_MS);
  while (foc.getUTCDay() === 0 || foc.getUTCDay() === 6) foc = new Date(foc.getTime() - DAY_MS);
  const focDate = foc.toISOString().slice(0, 10);
  const block = String(randomInt(1000, 10_000));

  await writeFixtures(pool, async (fixtures) => {
    await fixtures.query(
      `INSERT INTO organization (id, name) SELECT $1 || g, 'Porting ' || g FROM generate_series(1, $2::int) g`,
      [prefix, ORGANIZATIONS],
    );
    await fixtures.query(
      `INSERT INTO end_user (id, organization_id, type, name)
       SELECT 'eu_' || o.id, o.id, 'business', 'Porting Ltd' FROM organization o WHERE o.id LIKE $1`,
      [`${prefix}%`],
    );
    await fixtures.query(
      `INSERT INTO compliance_address (id, organization_id, street, city, postal_code, country_id)
       SELECT 'addr_' || o.id, o.id, '1 Main Street', 'New York', '10001', 'US' FROM organization o WHERE o.id LIKE $1`,
      [`${prefix}%`],
    );
    // Orders, their numbers (+1 555 <block> <order:3> <n>, the last of each order ending 95),
    // the numbers' porting configurations and the submission's timeline entry.
    await fixtures.query(
      `INSERT INTO port_order (id, organization_id, status, country, losing_carrier, number_type, end_user_id, address_id,
                               account_number, authorized_person, requested_foc_date, version, created_by, submitted_at,
                               created_at, updated_at)
       SELECT 'po_' || $1 || '_' || g, $2 || ((g - 1) % $3 + 1), 'submitted', 'US', 'Harbour Telecom', 'local',
              'eu_' || $2 || ((g - 1) % $3 + 1), 'addr_' || $2 || ((g - 1) % $3 + 1), 'ACC-' || g, 'Ada Lovelace',
              $4::date, 2, 'usr_cluster', $5, $5, $5
         FROM generate_series(1, $6::int) g`,
      [run, prefix, ORGANIZATIONS, focDate, submittedAt, ORDERS],
    );
    await fixtures.query(
      `WITH numbers AS (
         SELECT o.id AS order_id, o.organization_id, n,
                '+1555' || $2 || lpad(split_part(o.id, '_', 3), 3, '0') || CASE WHEN n = $3 THEN '95' ELSE lpad(n::text, 2, '0') END AS e164
           FROM port_order o, generate_series(1, $3::int) n WHERE o.id LIKE $1
       ), configured AS (
         INSERT INTO number_configuration (id, organization_id, kind, number, name, status, port_order_id, created_at)
         SELECT 'num_' || replace(x.order_id, 'po_', '') || '_' || x.n, x.organization_id, 'number', x.e164, x.e164,
                'porting', x.order_id, $4
           FROM numbers x
         RETURNING id, number, port_order_id, organization_id
       )
       INSERT INTO port_order_number (id, port_order_id, organization_id, number_e164, status, number_configuration_id)
       SELECT 'pon_' || c.id, c.port_order_id, c.organization_id, c.number, 'pending', c.id FROM configured c`,
      [`po_${run}_%`, block, NUMBERS, submittedAt],
    );
    await fixtures.query(
      `INSERT INTO port_order_event (id, port_order_id, organization_id, kind, from_status, to_status, actor_kind, actor_id, created_at)
       SELECT 'poe_' || o.id, o.id, o.organization_id, 'status_changed', 'draft', 'submitted', 'member', 'usr_cluster', $2
         FROM port_order o WHERE o.id LIKE $1`,
      [`po_${run}_%`, submittedAt],
    );
  });

  const like = [`po_${run}_%`];
  const completed = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM port_order WHERE id LIKE $1 AND status IN ('ported', 'partially_ported')`,
        like,
      )
    ).rows[0].n;

  // The workers find the orders on their next sweep.
  await killOneMidRun(instances, ORDERS, completed, {
    things: "orders",
    thing: "order",
    leftTo: "port",
    done: "ported",
  });

  const one = async (sql: string) => (await pool.query<{ n: number }>(sql, like)).rows[0].n;
  // Each order's status moves as written: the submission, then the driver's three.
  const { rows: timelines } = await pool.query<{ moves: string; n: number }>(
    `SELECT moves, count(*)::int AS n FROM (
       SELECT (SELECT string_agg(e.to_status::text, ',' ORDER BY e.created_at, e.seq) FROM port_order_event e
                WHERE e.port_order_id = o.id AND e.kind = 'status_changed') AS moves
         FROM port_order o WHERE o.id LIKE $1) t
      GROUP BY moves ORDER BY moves`,
    like,
  );
  check(
    "each order's timeline holds each move once, in order: submitted, foc_confirmed, activating, partially_ported",
    timelines.length === 1 &&
      timelines[0].moves === "submitted,foc_confirmed,activating,partially_ported" &&
      timelines[0].n === ORDERS,
    timelines.map((row) => `${row.n}× ${row.moves}`).join("; "),
  );
  check(
    `each move has one audit entry and one port_order.status_changed event (${MOVES.length} per order)`,
    (await one(
      `SELECT count(*)::int AS n FROM audit_event WHERE resource_type = 'port_order' AND resource_id LIKE $1`,
    )) ===
      ORDERS * MOVES.length &&
      (await one(
        `SELECT count(*)::int AS n FROM event WHERE type = 'port_order.status_changed' AND data->>'port_order_id' LIKE $1`,
      )) ===
        ORDERS * MOVES.length,
  );
  check(
    "each number that came over is active, each that failed (…95) is withdrawn: no configuration, its row failed",
    (await one(
      `SELECT count(*)::int AS n FROM port_order_number pn JOIN number_configuration c ON c.id = pn.number_configuration_id
        WHERE pn.port_order_id LIKE $1 AND pn.status = 'ported' AND c.status = 'active'`,
    )) ===
      ORDERS * (NUMBERS - 1) &&
      (await one(
        `SELECT count(*)::int AS n FROM port_order_number pn WHERE pn.port_order_id LIKE $1 AND pn.status = 'failed'
            AND pn.number_configuration_id IS NULL AND pn.number_e164 LIKE '%95'
            AND NOT EXISTS (SELECT 1 FROM number_configuration c WHERE c.number = pn.number_e164)`,
      )) === ORDERS,
  );
  // The destination's product (US local, the cheapest) decides which fees are above zero.
  const { rows: fees } = await pool.query<{ kinds: number }>(
    `SELECT ((setup_fee > 0)::int + (monthly_fee > 0)::int) AS kinds FROM product
      WHERE country_id = 'US' AND number_type_id = 'local' ORDER BY monthly_fee, setup_fee, id LIMIT 1`,
  );
  const perNumber = fees[0]?.kinds ?? 0;
  check(
    `each number that came over is charged once (${perNumber} entries each), each that failed nothing`,
    (await one(
      `SELECT count(*)::int AS n FROM ledger_entry e JOIN port_order_number pn ON pn.number_e164 = e.number_e164
        WHERE pn.port_order_id LIKE $1 AND pn.status = 'ported'`,
    )) ===
      ORDERS * (NUMBERS - 1) * perNumber &&
      (await one(
        `SELECT count(*)::int AS n FROM ledger_entry e JOIN port_order_number pn ON pn.number_e164 = e.number_e164
          WHERE pn.port_order_id LIKE $1 AND pn.status = 'failed'`,
      )) === 0,
  );
}
