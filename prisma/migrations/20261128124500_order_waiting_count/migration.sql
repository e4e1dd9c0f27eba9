-- The order as GET /orders shows it now carries numbers_waiting_for_documents (how many of its
-- numbers are pending_documents), so the order.created and order.completed events place_order
-- records carry it too: an event's order is the order as its endpoint showed it then. Only that
-- field changes; the function is otherwise the one of 20261128090000_sale_plans. The count
-- reaches number_configuration through its key (the ids this sale made), like every other
-- statement of the sale (lib/orders/sale-plans.test.ts).

-- p: organization_id, user_id, token_id, key, hash, reference_id, contact_name, reference_number,
-- now, day (now's UTC day), documents_due, items (as order_item's columns), unknown_numbers,
-- configuration_ids (one per number the order may get), formats (by country), actor, ip.
-- Answers {replayed, body}. Raises OR409 (idempotency_conflict) and OR410 (number_unavailable,
-- the numbers as a JSON array in DETAIL), which place-order.ts turns back into its ApiErrors.
CREATE OR REPLACE FUNCTION place_order(p JSONB) RETURNS JSONB LANGUAGE plpgsql
  -- The statements' cost estimates pass jit_above_cost (the gating subquery per number sold):
  -- compiling them took 15-30 ms of a 2 ms sale on PostgreSQL. PGlite has no JIT.
  SET jit = off
AS $$
DECLARE
  v_org TEXT := p->>'organization_id';
  v_key TEXT := p->>'key';
  v_now TIMESTAMPTZ := (p->>'now')::timestamptz;
  v_day DATE := (p->>'day')::date;
  v_due TEXT := p->>'documents_due';
  v_ids TEXT[] := ARRAY(SELECT jsonb_array_elements_text(p->'configuration_ids'));
  v_named TEXT[];
  -- The inventory ids of the numbers this order sold, as the statements that sold them returned them.
  v_sold INT[] := '{}';
  v_new INT[];
  v_missing JSONB;
  v_claimed TEXT;
  v_stored RECORD;
  v_order_id INT;
  v_item RECORD;
  v_documents TEXT[];
  v_taken INT;
  v_quantity INT;
  v_backordered INT;
  v_status order_status;
  v_order JSONB;
  v_body JSONB;
BEGIN
  -- The key first: a concurrent request with it waits here until this one commits (and then
  -- replays its answer) or rolls back (and then takes the key); an expired record is taken over.
  IF v_key IS NOT NULL THEN
    INSERT INTO idempotency_record (organization_id, key, request_hash, status_code, response_body, created_at, expires_at)
    VALUES (v_org, v_key, p->>'hash', 0, 'null'::jsonb, now(), now() + interval '24 hours')
    ON CONFLICT (organization_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, status_code = 0, response_body = 'null'::jsonb,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_record.expires_at <= now()
    RETURNING key INTO v_claimed;
    IF v_claimed IS NULL THEN
      SELECT request_hash, response_body INTO v_stored
        FROM idempotency_record WHERE organization_id = v_org AND key = v_key;
      IF v_stored.request_hash IS DISTINCT FROM p->>'hash' THEN
        RAISE EXCEPTION USING ERRCODE = 'OR409', MESSAGE = 'idempotency_conflict';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'body', v_stored.response_body);
    END IF;
  END IF;

  SELECT array_agg(i.number_e164 ORDER BY i.position) INTO v_named
    FROM jsonb_to_recordset(p->'items') AS i(position INT, number_e164 TEXT) WHERE i.number_e164 IS NOT NULL;

  -- A named number not in the inventory at all: 409 with those already sold.
  IF jsonb_array_length(COALESCE(p->'unknown_numbers', '[]'::jsonb)) > 0 THEN
    SELECT p->'unknown_numbers' || COALESCE(jsonb_agg(n.number_e164), '[]'::jsonb) INTO v_missing
      FROM inventory_number n WHERE n.number_e164 = ANY(COALESCE(v_named, '{}')) AND n.status = 'sold';
    RAISE EXCEPTION USING ERRCODE = 'OR410', MESSAGE = 'number_unavailable', DETAIL = v_missing::text;
  END IF;

  INSERT INTO "order" (reference_id, organization_id, placed_by_user_id, placed_by_token_id, contact_name,
                       reference_number, status)
  VALUES (p->>'reference_id', v_org, p->>'user_id', p->>'token_id', p->>'contact_name', p->>'reference_number',
          'backordered')
  RETURNING id INTO v_order_id;
  INSERT INTO order_item (order_id, position, kind, number_e164, country_id, number_type_id, region_id, product_id,
                          quantity, backordered_quantity, currency, monthly_fee, setup_fee, estimated_lead_time, bundle_id)
  SELECT v_order_id, i.position, i.kind::order_item_kind, i.number_e164, i.country_id, i.number_type_id, i.region_id,
         i.product_id, i.quantity, 0, i.currency, i.monthly_fee, i.setup_fee, i.estimated_lead_time, i.bundle_id
    FROM jsonb_to_recordset(p->'items') AS i(position INT, kind TEXT, number_e164 TEXT, country_id TEXT,
         number_type_id TEXT, region_id TEXT, product_id INT, quantity INT, currency TEXT, monthly_fee NUMERIC,
         setup_fee NUMERIC, estimated_lead_time TEXT, bundle_id TEXT);

  -- Named numbers, all or nothing. Locked in id order first, so that orders naming the same
  -- numbers in different orders queue instead of deadlocking; sold only by the conditional
  -- UPDATE (status = 'available'), so a second order finds the row sold once the first commits.
  -- A sold number's live hold goes with the sale (another organization's excludes it).
  IF v_named IS NOT NULL THEN
    PERFORM 1 FROM inventory_number WHERE number_e164 = ANY(v_named) ORDER BY id FOR UPDATE;
    WITH sold AS (
      UPDATE inventory_number AS n
         SET status = 'sold', order_item_id = oi.id, sold_at = now()
        FROM order_item oi
       WHERE oi.order_id = v_order_id AND oi.number_e164 = n.number_e164 AND n.number_e164 = ANY(v_named)
         AND n.status = 'available'
         AND NOT EXISTS (SELECT 1 FROM number_hold h
                          WHERE h.number_e164 = n.number_e164 AND h.organization_id <> v_org AND h.held_until > v_now)
      RETURNING n.id, n.number_e164
    ), consumed AS (
      DELETE FROM number_hold h USING sold WHERE h.number_e164 = sold.number_e164 AND h.held_until > v_now
    )
    SELECT (SELECT jsonb_agg(u.number ORDER BY u.position)
              FROM unnest(v_named) WITH ORDINALITY AS u(number, position)
             WHERE u.number NOT IN (SELECT number_e164 FROM sold)),
           ARRAY(SELECT id FROM sold)
      INTO v_missing, v_sold;
    IF v_missing IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'OR410', MESSAGE = 'number_unavailable', DETAIL = v_missing::text;
    END IF;
  END IF;

  -- Geography items, as far as stock goes, lowest numbers first: only numbers whose documents
  -- the product (and the approved bundle the item names) provides. SKIP LOCKED lets concurrent
  -- orders for one geography take different rows instead of queueing behind the same ones.
  FOR v_item IN
    SELECT oi.id, oi.country_id, oi.number_type_id, oi.region_id, oi.product_id, oi.quantity, oi.bundle_id
      FROM order_item oi WHERE oi.order_id = v_order_id AND oi.kind = 'geography' ORDER BY oi.position
  LOOP
    v_documents := ARRAY(SELECT document_type_id FROM product_document WHERE product_id = v_item.product_id)
      || ARRAY(SELECT d.document_type_id FROM compliance_bundle b
                 JOIN compliance_bundle_document bd ON bd.bundle_id = b.id
                 JOIN compliance_document d ON d.id = bd.document_id
                WHERE b.id = v_item.bundle_id AND b.status = 'approved'
                  AND (b.valid_until IS NULL OR b.valid_until >= v_day));
    -- Planned for this item's values (EXECUTE): with or without a region, the plan and the
    -- index differ; every other statement here keeps its cached plan (planning them all each
    -- call cost more than the sale itself on PGlite).
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
        DELETE FROM number_hold h USING sold WHERE h.number_e164 = sold.number_e164 AND h.held_until > $6
      )
      SELECT ARRAY(SELECT id FROM sold)$sql$, CASE WHEN v_item.region_id IS NULL THEN '' ELSE 'AND region_id = $3' END)
    INTO v_new
    USING v_item.country_id, v_item.number_type_id, v_item.region_id, v_documents, v_org, v_now, v_item.quantity,
          v_item.id;
    v_sold := v_sold || v_new;
    v_taken := cardinality(v_new);
    IF v_taken < v_item.quantity THEN
      UPDATE order_item SET backordered_quantity = v_item.quantity - v_taken WHERE id = v_item.id;
    END IF;
  END LOOP;

  -- Nothing waiting → completed; nothing assigned → backordered; else partially_fulfilled.
  SELECT sum(quantity), sum(backordered_quantity) INTO v_quantity, v_backordered
    FROM order_item WHERE order_id = v_order_id;
  v_status := CASE WHEN v_backordered = 0 THEN 'completed'
                   WHEN v_backordered >= v_quantity THEN 'backordered'
                   ELSE 'partially_fulfilled' END;
  UPDATE "order" SET status = v_status, updated_at = now() WHERE id = v_order_id;

  -- A configuration per number, in the order sold (item, then number), named after the number
  -- as written at home. One needing documents no approved bundle of the
  -- organization covers is pending_documents until documents_due.
  INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, status, documents_due)
  SELECT v_ids[s.position], v_org, 'number', s.number_e164,
         sale_national_format(s.national_number, p->'formats'->(s.country_id::text)), s.id,
         CASE WHEN s.gated THEN 'pending_documents' ELSE 'active' END::number_status,
         CASE WHEN s.gated THEN v_due::timestamptz END
    FROM (
      SELECT n.id, n.number_e164, n.national_number, n.country_id,
             row_number() OVER (ORDER BY oi.position, n.number_e164 COLLATE "C") AS position,
             cardinality(n.required_document_ids) > 0 AND NOT EXISTS (
               SELECT 1 FROM compliance_bundle b
                WHERE b.organization_id = v_org AND b.country_id = n.country_id
                  AND b.number_type_id = n.number_type_id AND b.status = 'approved'
                  AND (b.valid_until IS NULL OR b.valid_until >= v_day)
                  AND n.required_document_ids <@ ARRAY(
                        SELECT d.document_type_id FROM compliance_bundle_document bd
                          JOIN compliance_document d ON d.id = bd.document_id
                         WHERE bd.bundle_id = b.id)) AS gated
        FROM inventory_number n JOIN order_item oi ON oi.id = n.order_item_id
       WHERE n.id = ANY(v_sold)
    ) s;

  -- The order as GET /orders/{reference_id} shows it (lib/orders/read-orders.ts).
  SELECT jsonb_build_object(
           'reference_id', o.reference_id, 'organization_id', o.organization_id, 'status', o.status,
           'created_at', sale_iso(o.created_at), 'contact_name', o.contact_name, 'reference_number', o.reference_number,
           'numbers_waiting_for_documents', (
             SELECT count(*)::int FROM number_configuration c
              WHERE c.id = ANY(v_ids) AND c.inventory_number_id = ANY(v_sold) AND c.status = 'pending_documents'),
           'items', (
             SELECT jsonb_agg(jsonb_build_object(
                      'position', oi.position, 'kind', oi.kind, 'number_e164', oi.number_e164,
                      'country', oi.country_id, 'number_type', oi.number_type_id, 'region', oi.region_id,
                      'product', jsonb_build_object('id', oi.product_id::text, 'name', pr.name),
                      'currency', oi.currency, 'monthly_fee', sale_amount(oi.monthly_fee),
                      'setup_fee', sale_amount(oi.setup_fee), 'quantity', oi.quantity,
                      'assigned_numbers', COALESCE(numbers.assigned, '[]'::jsonb),
                      'numbers', COALESCE(numbers.described, '[]'::jsonb),
                      'backordered_quantity', oi.backordered_quantity,
                      'estimated_lead_time', oi.estimated_lead_time, 'bundle_id', oi.bundle_id) ORDER BY oi.position)
               FROM order_item oi JOIN product pr ON pr.id = oi.product_id
               LEFT JOIN LATERAL (
                 SELECT jsonb_agg(n.number_e164 ORDER BY n.number_e164) AS assigned,
                        jsonb_agg(jsonb_build_object('number_e164', n.number_e164,
                                                     'required_documents', sale_required_documents(n.required_document_ids))
                                  ORDER BY n.number_e164) AS described
                   FROM inventory_number n WHERE n.id = ANY(v_sold) AND n.order_item_id = oi.id
               ) numbers ON true
              WHERE oi.order_id = o.id))
    INTO v_order
    FROM "order" o WHERE o.id = v_order_id;

  -- The events, as lib/orders/order-events.ts recorded them: number.assigned for
  -- each configuration in the order sold, number.activated for those an approved bundle
  -- covered, order.created, and order.completed when nothing waits; each with one pending
  -- delivery per endpoint of the organization subscribed to its type.
  WITH configurations AS (
    SELECT array_position(v_ids, c.id) AS position,
           cardinality(n.required_document_ids) > 0 AND c.status = 'active' AS activated,
           jsonb_build_object(
             'number_id', c.id, 'organization_id', c.organization_id, 'number', c.number, 'name', c.name,
             'rules', '[]'::jsonb, 'country_code', country.calling_code, 'local_format', c.name,
             'number_type', n.number_type_id, 'region', jsonb_build_object('id', r.id, 'name', r.name),
             'status', c.status, 'purchased_at', sale_iso(c.created_at), 'restorable_until', NULL,
             'documents_due', CASE WHEN c.status = 'pending_documents' THEN sale_iso(c.documents_due) END,
             'locked', c.locked, 'tags', to_jsonb(c.tags)) AS data
      FROM number_configuration c
      JOIN inventory_number n ON n.id = c.inventory_number_id
      JOIN region r ON r.id = n.region_id
      JOIN country ON country.id = n.country_id
     WHERE c.id = ANY(v_ids) AND n.id = ANY(v_sold)
  ), sale_events AS (
    SELECT 1 AS stage, position, 'number.assigned' AS type, data FROM configurations
    UNION ALL SELECT 2, position, 'number.activated', data FROM configurations WHERE activated
    UNION ALL SELECT 3, 0, 'order.created', v_order
    UNION ALL SELECT 4, 0, 'order.completed', v_order WHERE v_status = 'completed'
  ), new_events AS (
    INSERT INTO event (id, organization_id, type, data, created_at)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), v_org, e.type, e.data, v_now
      FROM sale_events e ORDER BY e.stage, e.position
    RETURNING id, organization_id, type
  )
  INSERT INTO webhook_delivery (id, webhook_id, event_id, status, next_attempt_at, created_at)
  SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'pending', v_now, v_now
    FROM new_events e JOIN webhook w ON w.organization_id = e.organization_id AND e.type = ANY(w.events);

  -- The audit entry, as lib/audit/record.ts writes it.
  INSERT INTO audit_event (id, organization_id, at, actor_type, actor_id, actor_name, ip, action, resource_type,
                           resource_id, changes)
  SELECT 'aud_' || replace(gen_random_uuid()::text, '-', ''), v_org, now(), p->'actor'->>'type', p->'actor'->>'id',
         p->'actor'->>'name', p->>'ip', 'order.placed', 'order', p->>'reference_id',
         jsonb_build_array(
           jsonb_build_object('field', 'numbers', 'from', NULL, 'to', COALESCE((
             SELECT jsonb_agg(n.number_e164 ORDER BY n.number_e164 COLLATE "C")
               FROM inventory_number n WHERE n.id = ANY(v_sold)), '[]'::jsonb)),
           jsonb_build_object('field', 'backordered_quantity', 'from', NULL, 'to', v_backordered));

  -- Each number bought with the documents it requires, active or pending (and until when).
  SELECT jsonb_build_object('data', jsonb_build_object('reference_id', p->>'reference_id', 'numbers', COALESCE(
           jsonb_agg(jsonb_build_object(
             'number_e164', n.number_e164, 'position', oi.position,
             'required_documents', sale_required_documents(n.required_document_ids),
             'status', CASE WHEN c.status = 'pending_documents' THEN 'pending_documents' ELSE 'active' END,
             'documents_due', CASE WHEN c.status = 'pending_documents' THEN v_due END)
             ORDER BY oi.position, n.number_e164 COLLATE "C"), '[]'::jsonb)))
    INTO v_body
    FROM inventory_number n
    JOIN order_item oi ON oi.id = n.order_item_id
    JOIN number_configuration c ON c.inventory_number_id = n.id
   WHERE n.id = ANY(v_sold) AND c.inventory_number_id = ANY(v_sold);

  -- Only successful orders are stored (a failed one rolls back with its key): status 200.
  IF v_key IS NOT NULL THEN
    UPDATE idempotency_record SET status_code = 200, response_body = v_body
     WHERE organization_id = v_org AND key = v_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'body', v_body);
END
$$;
