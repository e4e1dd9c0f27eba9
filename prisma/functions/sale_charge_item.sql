-- Part of the sale (docs/ARCHITECTURE.md, "The sale" and "Billing"); applied by lib/db/migrate.ts
-- applyFunctions. Charges the numbers sell_to_item gave one order item (p_configurations, in the
-- order sold) at the item's fees, through sale_charge_numbers: a setup fee and the rest of
-- p_day's month, once per number (new accounts get p_default_limit, minor units).
-- Its callers call it last, after everything else of the sale is written: it locks the
-- organization's billing account until the commit, and every sale of that organization queues
-- there (docs/PERFORMANCE.md, "The account's lock, last").
CREATE OR REPLACE FUNCTION sale_charge_item(
  p_item INT, p_configurations TEXT[], p_now TIMESTAMPTZ, p_day DATE, p_default_limit BIGINT
) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  v_item RECORD;
BEGIN
  IF cardinality(p_configurations) = 0 THEN
    RETURN;
  END IF;
  SELECT o.organization_id, oi.order_id, oi.currency,
         round(oi.setup_fee * 100)::bigint AS setup_minor, round(oi.monthly_fee * 100)::bigint AS monthly_minor
    INTO v_item
    FROM order_item oi JOIN "order" o ON o.id = oi.order_id WHERE oi.id = p_item;
  PERFORM sale_charge_numbers(v_item.organization_id, v_item.currency, v_item.setup_minor, v_item.monthly_minor,
                              p_configurations, v_item.order_id, p_now, p_day, p_default_limit);
END
$$;
