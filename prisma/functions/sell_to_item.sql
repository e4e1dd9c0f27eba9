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
-- one needing documents that no approved bundle of the organization covers on p_day
-- (sale_documents_gated) is pending_documents until p_due.
--
-- Every number sold is charged in the sale's transaction (docs/ARCHITECTURE.md, "Billing"), by
-- the caller, through sale_charge_item once the rest of the sale is written: charging locks the
-- organization's billing account until the commit. Whether the organization may afford the
-- charges is the callers' check too. p_default_limit is no longer read here; the parameter stays
-- so that the function keeps the signature its callers and existing databases have.
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
         oi.bundle_id, o.organization_id
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
    -- index differ; every other statement keeps its cached plan. An item that provides no
    -- documents takes numbers that require none (`= '{}'`, which is what `<@ '{}'` means), so
    -- that the partial indexes of those numbers serve it: walking the region's index instead,
    -- the pick fetched and passed over every number that requires documents below the lowest
    -- free one, a range that grows with every sale (docs/PERFORMANCE.md, "The pick, past the
    -- numbers that need documents").
    EXECUTE format($sql$
      WITH picked AS (
        SELECT id FROM inventory_number
         WHERE country_id = $1 AND number_type_id = $2 %s
           AND status = 'available' AND %s
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
      SELECT ARRAY(SELECT id FROM sold)$sql$, CASE WHEN v_item.region_id IS NULL THEN '' ELSE 'AND region_id = $3' END,
      CASE WHEN cardinality(v_documents) = 0 THEN 'required_document_ids = ''{}''' ELSE 'required_document_ids <@ $4' END)
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
           sale_documents_gated(v_item.organization_id, n.country_id, n.number_type_id, n.required_document_ids, p_day) AS gated
      FROM inventory_number n WHERE cardinality(sold) > 0 AND n.id = ANY(sold)
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
END
$$;
