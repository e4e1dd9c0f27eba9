-- Part of billing (docs/ARCHITECTURE.md, "Billing"); applied by lib/db/migrate.ts applyFunctions.
-- The monthly fee each number is billed, the one home of that rule (billing_all_number_fees): a
-- number sold from our inventory at the fee of the order item it was bought under (and that
-- order), a number ported in (no inventory number) at its port order's destination product
-- (port_product), as its activation charged it. A number neither prices (a ported number whose
-- destination no product sells) is not in it. Two ways in, each the rule narrowed by a condition
-- on its key: billing_number_fees, one organization's fleet, which the month-end run's recurring
-- fees and the accounts it closes (lib/billing/month-end.ts), the upcoming invoice
-- (lib/billing/invoice-reads.ts) and a restore's charge (lib/billing/number-charges.ts) read;
-- billing_fees_of, the configurations named, which the numbers' CSV export reads a page at a time
-- (lib/numbers/export-csv.ts). Which states bill stays with the callers (the number state
-- table). Each is STABLE SQL with one SELECT, so the planner inlines all three and pushes the
-- condition (and the callers' own: the currency, the states, one configuration) into each
-- branch, down to its indexes.
CREATE OR REPLACE FUNCTION billing_all_number_fees()
RETURNS TABLE (configuration_id TEXT, organization_id TEXT, number TEXT, status number_status, currency TEXT,
               monthly_minor BIGINT, order_id INT)
LANGUAGE sql STABLE AS $$
  SELECT c.id, c.organization_id, c.number, c.status, oi.currency::text, round(oi.monthly_fee * 100)::bigint,
         oi.order_id
    FROM number_configuration c
    JOIN inventory_number i ON i.id = c.inventory_number_id
    JOIN order_item oi ON oi.id = i.order_item_id
  UNION ALL
  SELECT c.id, c.organization_id, c.number, c.status, p.currency, p.monthly_minor, NULL::int
    FROM number_configuration c
    JOIN port_order po ON po.id = c.port_order_id
   CROSS JOIN LATERAL port_product(po.country, po.number_type) p
   WHERE c.inventory_number_id IS NULL
$$;

CREATE OR REPLACE FUNCTION billing_number_fees(p_organization TEXT)
RETURNS TABLE (configuration_id TEXT, organization_id TEXT, number TEXT, status number_status, currency TEXT,
               monthly_minor BIGINT, order_id INT)
LANGUAGE sql STABLE AS $$
  SELECT * FROM billing_all_number_fees() f WHERE f.organization_id = p_organization
$$;

CREATE OR REPLACE FUNCTION billing_fees_of(p_configurations TEXT[])
RETURNS TABLE (configuration_id TEXT, organization_id TEXT, number TEXT, status number_status, currency TEXT,
               monthly_minor BIGINT, order_id INT)
LANGUAGE sql STABLE AS $$
  SELECT * FROM billing_all_number_fees() f WHERE f.configuration_id = ANY(p_configurations)
$$;
