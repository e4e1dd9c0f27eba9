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

/** The violated invariants with a sample of their rows; empty when all hold. */
export async function violatedInvariants(
  run: RunQuery,
): Promise<Array<{ name: string; rows: Array<Record<string, unknown>> }>> {
  const violated: Array<{ name: string; rows: Array<Record<string, unknown>> }> = [];
  for (const invariant of orderInvariants) {
    const rows = await run(invariant.sql);
    if (rows.length > 0) violated.push({ name: invariant.name, rows });
  }
  return violated;
}
