// The order invariants, as SQL any client can run: against the cluster's PostgreSQL after a
// race or a crash, and against a test database after fuzzing. Each query lists violations;
// an empty result is a pass.

export type RunQuery = (sql: string) => Promise<Array<Record<string, unknown>>>;

export const orderInvariants: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: "a number is sold exactly when it belongs to an order item",
    sql: `SELECT number_e164, status, order_item_id FROM inventory_number
          WHERE (status = 'sold') <> (order_item_id IS NOT NULL) LIMIT 20`,
  },
  {
    name: "a sold number has exactly one configuration, owned by its order's organization",
    sql: `SELECT n.number_e164, o.organization_id, count(c.id)::int AS configurations,
                 count(c.id) FILTER (WHERE c.organization_id = o.organization_id)::int AS owned
          FROM inventory_number n
          JOIN order_item i ON i.id = n.order_item_id
          JOIN "order" o ON o.id = i.order_id
          LEFT JOIN number_configuration c ON c.inventory_number_id = n.id
          GROUP BY n.id, n.number_e164, o.organization_id
          HAVING count(c.id) <> 1 OR count(c.id) FILTER (WHERE c.organization_id = o.organization_id) <> 1
          LIMIT 20`,
  },
  {
    name: "no E.164 number is configured twice",
    sql: `SELECT number, count(*)::int AS times FROM number_configuration WHERE kind = 'number' GROUP BY number HAVING count(*) > 1 LIMIT 20`,
  },
  {
    name: "assigned plus back-ordered equals each item's quantity",
    sql: `SELECT i.id, i.quantity, i.backordered_quantity, count(n.id)::int AS assigned
          FROM order_item i LEFT JOIN inventory_number n ON n.order_item_id = i.id
          GROUP BY i.id HAVING count(n.id) + i.backordered_quantity <> i.quantity OR i.backordered_quantity < 0
          LIMIT 20`,
  },
  {
    name: "a named item holds its own number, once, and nothing else",
    sql: `SELECT i.id, i.number_e164, array_agg(n.number_e164) AS assigned
          FROM order_item i LEFT JOIN inventory_number n ON n.order_item_id = i.id
          WHERE i.kind = 'named_number'
          GROUP BY i.id, i.number_e164
          HAVING i.quantity <> 1 OR i.backordered_quantity <> 0 OR count(n.id) <> 1 OR bool_or(n.number_e164 IS DISTINCT FROM i.number_e164)
          LIMIT 20`,
  },
  {
    name: "a geography item's numbers come from its geography",
    sql: `SELECT i.id, n.number_e164 FROM order_item i JOIN inventory_number n ON n.order_item_id = i.id
          WHERE i.kind = 'geography' AND (n.country_id <> i.country_id OR n.number_type_id <> i.number_type_id OR (i.region_id IS NOT NULL AND n.region_id <> i.region_id))
          LIMIT 20`,
  },
  {
    name: "every order has items, and its status follows them",
    sql: `SELECT o.reference_id, o.status, sum(i.quantity)::int AS quantity, sum(i.backordered_quantity)::int AS backordered
          FROM "order" o LEFT JOIN order_item i ON i.order_id = o.id
          GROUP BY o.id, o.reference_id, o.status
          HAVING count(i.id) = 0
              OR o.status <> (CASE WHEN sum(i.backordered_quantity) = 0 THEN 'completed'
                                   WHEN sum(i.backordered_quantity) >= sum(i.quantity) THEN 'backordered'
                                   ELSE 'partially_fulfilled' END)::order_status
          LIMIT 20`,
  },
];

// Billing's invariants (docs/API.md "Billing"): what no sale, run, retry, second instance or
// crash may break.
export const billingInvariants: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: "an account's balance is the sum of its ledger entries",
    sql: `SELECT a.organization_id, a.currency, a.balance_minor, COALESCE(sum(e.amount_minor), 0) AS ledger
          FROM billing_account a
          LEFT JOIN ledger_entry e ON e.organization_id = a.organization_id AND e.currency = a.currency
          GROUP BY a.organization_id, a.currency, a.balance_minor
          HAVING a.balance_minor <> COALESCE(sum(e.amount_minor), 0)
          LIMIT 20`,
  },
  {
    name: "every entry belongs to an account",
    sql: `SELECT e.id FROM ledger_entry e
          WHERE NOT EXISTS (SELECT 1 FROM billing_account a
                             WHERE a.organization_id = e.organization_id AND a.currency = e.currency)
          LIMIT 20`,
  },
  {
    name: "a finalized invoice's total is its lines', its subtotal and tax add up to it, and its lines are its own account's",
    sql: `SELECT i.id, i.number, i.subtotal_minor, i.tax_minor, i.total_minor, COALESCE(sum(l.amount_minor), 0) AS lines
          FROM invoice i
          LEFT JOIN invoice_line l ON l.invoice_id = i.id
          LEFT JOIN ledger_entry e ON e.id = l.ledger_entry_id
          WHERE i.status <> 'draft'
          GROUP BY i.id
          HAVING i.total_minor <> COALESCE(sum(l.amount_minor), 0)
              OR i.subtotal_minor + i.tax_minor <> i.total_minor
              OR count(*) FILTER (WHERE e.organization_id <> i.organization_id OR e.currency <> i.currency) > 0
          LIMIT 20`,
  },
  {
    name: "no entry is on two invoices",
    sql: `SELECT ledger_entry_id, count(*)::int AS invoices FROM invoice_line
          GROUP BY ledger_entry_id HAVING count(*) > 1 LIMIT 20`,
  },
  {
    name: "a number pays at most one monthly fee per month",
    sql: `SELECT number_id, period_start, count(*)::int AS fees FROM ledger_entry
          WHERE kind IN ('recurring_fee', 'prorated_fee') AND number_id IS NOT NULL
            AND idempotency_key NOT LIKE 'restore:%'
          GROUP BY organization_id, number_id, period_start HAVING count(*) > 1 LIMIT 20`,
  },
  {
    name: "one month-end invoice per account and month",
    sql: `SELECT organization_id, currency, period_start, count(*)::int AS invoices FROM invoice
          WHERE kind = 'invoice' AND run_key IS NOT NULL
          GROUP BY organization_id, currency, period_start HAVING count(*) > 1 LIMIT 20`,
  },
  {
    name: "each series' numbers run from 1 with no gap, and the series' counter is its last",
    sql: `WITH numbered AS (
            SELECT substring(number from '^(.*)-[0-9]+$') AS series,
                   substring(number from '-([0-9]+)$')::int AS n
              FROM invoice WHERE number IS NOT NULL)
          SELECT n.series, count(*)::int AS invoices, count(DISTINCT n.n)::int AS distinct_numbers,
                 max(n.n) AS last, s.last AS counter
            FROM numbered n LEFT JOIN invoice_number_series s ON s.series = n.series
           GROUP BY n.series, s.last
          HAVING count(*) <> max(n.n) OR count(DISTINCT n.n) <> count(*) OR min(n.n) <> 1
              OR s.last IS DISTINCT FROM max(n.n)
           LIMIT 20`,
  },
];

/** The violated invariants with a sample of their rows; empty when all hold. */
export async function violatedInvariants(
  run: RunQuery,
  invariants: ReadonlyArray<{ name: string; sql: string }> = [...orderInvariants, ...billingInvariants],
): Promise<Array<{ name: string; rows: Array<Record<string, unknown>> }>> {
  const violated: Array<{ name: string; rows: Array<Record<string, unknown>> }> = [];
  for (const invariant of invariants) {
    const rows = await run(invariant.sql);
    if (rows.length > 0) violated.push({ name: invariant.name, rows });
  }
  return violated;
}
