-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- Gives numbers to one order item, the one place that does it: a new order (place_order) and a
-- back-order fill (fill_backorders) both call it (docs/CONTRACT.md §7).
--
-- A geography item takes up to its backordered_quantity of available numbers, lowest first:
-- only numbers whose required documents the item's product provides, or the approved bundle it
-- names (docs/CONTRACT.md §17), and none another organization holds at p_now (docs/CONTRACT.md
-- §12); the holds on the numbers sold go with the sale. SKIP LOCKED lets concurrent sales of one
-- geography take different rows instead of queueing behind the same ones. p_named are numbers
-- the caller already sold to the item (a named number, sold all or nothing by place_order).
--
-- Every number sold gets a configuration, in the order sold (by number), named after the
-- number as written at home (p_formats: the country's formats, lib/orders/national-format.ts);
-- one needing documents that no approved bundle of the organization covers on p_day is
-- pending_documents until p_due.
--
-- Every number sold is charged here, in the sale's transaction (docs/ARCHITECTURE.md, "Billing"):
-- a setup_fee entry for the item's setup fee and a prorated_fee entry for the rest of p_day's
-- month (billing_prorated), each only when above zero, after billing_open_account has opened
-- and locked the organization's account in the item's currency (a new one gets p_default_limit,
-- minor units). The keys (setup:<id>, prorated:<id>:<YYYY-MM>) make a second write a no-op.
-- Whether the organization may afford them is its callers' check, once all items are sold.
-- Answers the inventory ids sold and the configurations' ids.
CREATE OR REPLACE FUNCTION sell_to_item(
  p_item INT, p_named INT[], p_now TIMESTAMPTZ, p_day DATE, p_due TIMESTAMPTZ, p_formats JSONB,
  p_default_limit BIGINT, OUT sold INT[], OUT configurations TEXT[]
) LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_item RECORD;
  v_documents TEXT[];
BEGIN
  SELECT oi.id, oi.kind, oi.country_id, oi.number_type_id, oi.region_id, oi.product_id, oi.backordered_quantity,
         oi.bundle_id, o.organization_id, oi.order_id, oi.currency,
         round(oi.setup_fee * 100)::bigint AS setup_minor, round(oi.monthly_fee * 100)::bigint AS monthly_minor
    INTO v_item
    FROM order_item oi JOIN "order" o ON o.id = oi.order_id WHERE oi.id = p_item;
  sold := COALESCE(p_named, '{}');

  IF v_item.kind = 'geography' AND v_item.backordered_quantity > 0 THEN
    v_documents := ARRAY(SELECT document_type_id FROM product_document WHERE product_id = v_item.product_id)
      || ARRAY(SELECT d.document_type_id FROM compliance_bundle b
                 JOIN compliance_bundle_document bd ON bd.bundle_id = b.id
                 JOIN compliance_document d ON d.id = bd.document_id
                WHERE b.id = v_item.bundle_id AND b.status = 'approved'
                  AND (b.valid_until IS NULL OR b.valid_until >= p_day));
    -- Planned for this item's values (EXECUTE): with or without a region, the plan and the
    -- index differ; every other statement keeps its cached plan.
    EXECUTE format($sql$
      WITH picked AS (
        SELECT id FROM inventory_number
         WHERE country_id = $1 AND number_type_id = $2 %s
           AND status = 'available' AND required_document_ids <@ $4
           AND NOT EXISTS (SELECT 1 FROM number_hold h
                            WHERE h.number_e164 = inventory_number.number_e164 AND h.organization_id <> $5
                              AND h.held_until > $6)
         ORDER BY number_e164
         LIMIT $7
         FOR UPDATE SKIP LOCKED
      ), sold AS (
        UPDATE inventory_number AS n
           SET status = 'sold', order_item_id = $8, sold_at = now()
          FROM picked
         WHERE n.id = picked.id AND n.status = 'available'
        RETURNING n.id, n.number_e164
      ), consumed AS (
        -- Only the buyer's own hold can be live here (others' exclude the number). One that
        -- had ended stays for the worker's sweep, which reports it as reservation.expired.
        DELETE FROM number_hold h USING sold WHERE h.number_e164 = sold.number_e164 AND h.held_until > $6
      )
      SELECT ARRAY(SELECT id FROM sold)$sql$, CASE WHEN v_item.region_id IS NULL THEN '' ELSE 'AND region_id = $3' END)
    INTO sold
    USING v_item.country_id, v_item.number_type_id, v_item.region_id, v_documents, v_item.organization_id, p_now,
          v_item.backordered_quantity, v_item.id;
    IF cardinality(sold) > 0 THEN
      UPDATE order_item SET backordered_quantity = backordered_quantity - cardinality(sold) WHERE id = v_item.id;
    END IF;
  END IF;

  WITH numbers AS (
    SELECT n.id, n.number_e164, n.national_number, n.country_id,
           row_number() OVER (ORDER BY n.number_e164 COLLATE "C") AS position,
           cardinality(n.required_document_ids) > 0 AND NOT EXISTS (
             SELECT 1 FROM compliance_bundle b
              WHERE b.organization_id = v_item.organization_id AND b.country_id = n.country_id
                AND b.number_type_id = n.number_type_id AND b.status = 'approved'
                AND (b.valid_until IS NULL OR b.valid_until >= p_day)
                AND n.required_document_ids <@ ARRAY(
                      SELECT d.document_type_id FROM compliance_bundle_document bd
                        JOIN compliance_document d ON d.id = bd.document_id
                       WHERE bd.bundle_id = b.id)) AS gated
      FROM inventory_number n WHERE n.id = ANY(sold)
  ), created AS (
    INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, status, documents_due)
    SELECT sale_configuration_id(), v_item.organization_id, 'number', s.number_e164,
           sale_national_format(s.national_number, p_formats), s.id,
           CASE WHEN s.gated THEN 'pending_documents' ELSE 'active' END::number_status,
           CASE WHEN s.gated THEN p_due END
      FROM numbers s ORDER BY s.position
    RETURNING id, inventory_number_id
  )
  SELECT ARRAY(SELECT c.id FROM created c JOIN numbers s ON s.id = c.inventory_number_id ORDER BY s.position),
         ARRAY(SELECT s.id FROM numbers s ORDER BY s.position)
    INTO configurations, sold;

  IF cardinality(configurations) > 0 AND (v_item.setup_minor > 0 OR v_item.monthly_minor > 0) THEN
    PERFORM billing_open_account(v_item.organization_id, v_item.currency, p_default_limit, p_now);
    INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id, number_e164,
                              order_id, period_start, period_end, idempotency_key, created_at)
    SELECT 'le_' || replace(gen_random_uuid()::text, '-', ''), v_item.organization_id, v_item.currency,
           f.kind::ledger_kind, -f.amount, f.description, c.id, c.number, v_item.order_id,
           f.period_start, f.period_end, f.key, p_now
      FROM unnest(configurations) WITH ORDINALITY AS u(id, position)
      JOIN number_configuration c ON c.id = u.id
     CROSS JOIN LATERAL (VALUES
             (1, 'setup_fee', v_item.setup_minor, 'Setup fee for ' || c.number, NULL::date, NULL::date, 'setup:' || c.id),
             (2, 'prorated_fee', billing_prorated(v_item.monthly_minor, p_day),
              'Monthly fee for ' || c.number || ' from ' || to_char(p_day, 'YYYY-MM-DD') || ' to the end of the month', p_day,
              (date_trunc('month', p_day) + interval '1 month')::date,
              'prorated:' || c.id || ':' || to_char(p_day, 'YYYY-MM'))
           ) AS f(rank, kind, amount, description, period_start, period_end, key)
     WHERE f.amount > 0
     ORDER BY u.position, f.rank
    ON CONFLICT (organization_id, idempotency_key) DO NOTHING;
  END IF;
END
$$;
