-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- Gives a geography's newly stocked numbers to the items waiting for them (docs/CONTRACT.md §7),
-- in the caller's transaction: back-ordered items that take numbers from it, oldest order
-- first; an item without a region takes numbers from any region of its type. Each item gets
-- its numbers from sell_to_item, as a new order's do; each order filled gets its status
-- (sale_order_status) and the sale's events (sale_record_events, order.backorder_filled).
-- An item is charged as a new order's is (sale_charge_item); one whose organization is past due,
-- or whose charges would take its account's available amount below zero, stays back-ordered
-- as it was (its own subtransaction undoes its sale) and the fill goes on with the next item.
-- p is lib/orders/sale-input.ts FillInput: country_id, number_type_id, region_id, now, day,
-- documents_due, formats (the country's national formats), default_credit_limit_minor.
-- Answers {assigned_numbers, orders: [{reference_id, status}]}.
CREATE OR REPLACE FUNCTION fill_backorders(p JSONB) RETURNS JSONB LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_now TIMESTAMPTZ := (p->>'now')::timestamptz;
  v_item RECORD;
  v_sold INT[];
  v_new TEXT[];
  v_ids TEXT[] := '{}';
  v_orders INT[] := '{}';
  v_assigned INT := 0;
  v_filled JSONB;
  v_charged BIGINT;
  v_available BIGINT;
BEGIN
  -- FOR UPDATE: two fills at once must not both fill one item; the second waits and then
  -- reads the quantity the first left.
  FOR v_item IN
    SELECT oi.id, oi.order_id, o.organization_id, oi.currency
      FROM order_item oi JOIN "order" o ON o.id = oi.order_id
     WHERE oi.backordered_quantity > 0 AND oi.country_id = p->>'country_id' AND oi.number_type_id = p->>'number_type_id'
       AND (oi.region_id = p->>'region_id' OR oi.region_id IS NULL)
     ORDER BY o.created_at, o.id, oi.position
       FOR UPDATE OF oi
  LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM billing_account
                           WHERE organization_id = v_item.organization_id AND standing IN ('past_due', 'suspended'));
    BEGIN
      SELECT s.sold, s.configurations INTO v_sold, v_new
        FROM sell_to_item(v_item.id, NULL, v_now, (p->>'day')::date, (p->>'documents_due')::timestamptz, p->'formats',
                          (p->>'default_credit_limit_minor')::bigint) s;
      PERFORM sale_charge_item(v_item.id, v_new, v_now, (p->>'day')::date, (p->>'default_credit_limit_minor')::bigint);
      SELECT -COALESCE(sum(amount_minor), 0) INTO v_charged
        FROM ledger_entry WHERE number_id = ANY(v_new) AND organization_id = v_item.organization_id;
      SELECT balance_minor + credit_limit_minor INTO v_available
        FROM billing_account WHERE organization_id = v_item.organization_id AND currency = v_item.currency;
      IF v_charged > 0 AND v_available < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'OR402', MESSAGE = 'insufficient_funds';
      END IF;
    EXCEPTION WHEN SQLSTATE 'OR402' THEN
      v_sold := '{}';
    END;
    CONTINUE WHEN cardinality(v_sold) = 0;
    v_assigned := v_assigned + cardinality(v_sold);
    v_ids := v_ids || v_new;
    IF NOT v_item.order_id = ANY(v_orders) THEN
      v_orders := v_orders || v_item.order_id;
    END IF;
  END LOOP;

  SELECT COALESCE(jsonb_agg(jsonb_build_object('reference_id', o.reference_id, 'status', sale_order_status(o.id))
                            ORDER BY o.id), '[]'::jsonb)
    INTO v_filled
    FROM "order" o WHERE o.id = ANY(v_orders);
  -- In this transaction: the events exist exactly when the numbers are assigned.
  PERFORM sale_record_events('filled', v_ids, v_orders, v_now);
  RETURN jsonb_build_object('assigned_numbers', v_assigned, 'orders', v_filled);
END
$$;
