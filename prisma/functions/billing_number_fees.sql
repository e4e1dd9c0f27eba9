-- Part of billing (docs/ARCHITECTURE.md, "Billing"); applied by lib/db/migrate.ts applyFunctions.
-- The monthly fee each number of an organization is billed, the one home of that rule: a number
-- sold from our inventory at the fee of the order item it was bought under (and that order), a
-- number ported in (no inventory number) at its port order's destination product (port_product),
-- as its activation charged it. A number neither prices (a ported number whose destination no
-- product sells) is not in it. The month-end run's recurring fees and the accounts it closes
-- (lib/billing/month-end.ts), the upcoming invoice (lib/billing/invoice-reads.ts) and a restore's
-- charge (lib/billing/number-charges.ts) all read it; which states bill stays with the callers
-- (the number state table). STABLE SQL with one SELECT, so the planner inlines it and the
-- callers' conditions (the organization, the currency, the states, one configuration) reach
-- each branch's indexes.
CREATE OR REPLACE FUNCTION billing_number_fees(p_organization TEXT)
RETURNS TABLE (configuration_id TEXT, organization_id TEXT, number TEXT, status number_status, currency TEXT,
               monthly_minor BIGINT, order_id INT)
LANGUAGE sql STABLE AS $$
  SELECT c.id, c.organization_id, c.number, c.status, oi.currency::text, round(oi.monthly_fee * 100)::bigint,
         oi.order_id
    FROM number_configuration c
    JOIN inventory_number i ON i.id = c.inventory_number_id
    JOIN order_item oi ON oi.id = i.order_item_id
   WHERE c.organization_id = p_organization
  UNION ALL
  SELECT c.id, c.organization_id, c.number, c.status, p.currency, p.monthly_minor, NULL::int
    FROM number_configuration c
    JOIN port_order po ON po.id = c.port_order_id
   CROSS JOIN LATERAL port_product(po.country, po.number_type) p
   WHERE c.organization_id = p_organization AND c.inventory_number_id IS NULL
$$;
