-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- An order's status from its items (docs/CONTRACT.md §7): nothing waiting → completed; nothing
-- assigned → backordered; else partially_fulfilled. Sets it and answers it.
CREATE OR REPLACE FUNCTION sale_order_status(p_order INT) RETURNS order_status LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_status order_status;
BEGIN
  UPDATE "order" o SET status = s.status, updated_at = now()
    FROM (SELECT CASE WHEN sum(backordered_quantity) = 0 THEN 'completed'
                      WHEN sum(backordered_quantity) >= sum(quantity) THEN 'backordered'
                      ELSE 'partially_fulfilled' END::order_status AS status
            FROM order_item WHERE order_id = p_order) s
   WHERE o.id = p_order
  RETURNING o.status
    INTO v_status;
  RETURN v_status;
END
$$;
