-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- The whole of a new order in one statement (docs/CONTRACT.md §7): lib/orders/place-order.ts
-- calls it once per order, after its checks, with the input lib/orders/sale-input.ts parses
-- (PlaceOrderInput: every key read below is one of its keys). Everything an order writes is
-- here, all or nothing: the idempotency claim and stored answer, the order and its items, the
-- named numbers (locked in id order, all or nothing), each item's numbers through sell_to_item
-- (as a back-order fill gives them), the order's status (sale_order_status), the events
-- (sale_record_events), the audit entry and the answer; then, last, the check that the organization
-- may pay for the charges and the charges themselves (sale_charge_item), the only part of a sale
-- that holds the organization's billing account (docs/ARCHITECTURE.md, "Billing").
-- Answers {replayed, status, body}. Raises OR409 (idempotency_conflict), OR410 (number_unavailable,
-- the numbers as a JSON array in DETAIL), OR4PD (account_past_due, the accounts in DETAIL) and
-- OR402 (insufficient_funds, [{currency, needed, available}] in minor units in DETAIL), which
-- place_order_answer and place-order.ts turn back into their ApiErrors.
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
  v_ids TEXT[] := '{}';
  v_named TEXT[];
  -- The inventory ids of the numbers this order sold, as the statements that sold them returned them.
  v_sold INT[] := '{}';
  v_new INT[];
  -- The inventory ids of the named number an item sold above (none for a geography item).
  v_item_named INT[];
  v_named_sold INT[];
  v_item_ids TEXT[];
  v_missing JSONB;
  v_claimed TEXT;
  v_stored RECORD;
  v_order_id INT;
  v_item RECORD;
  v_backordered INT;
  v_status order_status;
  v_body JSONB;
  v_limit BIGINT := (p->>'default_credit_limit_minor')::bigint;
  v_refusal TEXT;
  v_charges JSONB;
  -- Each item's configurations, charged once the rest of the sale is written.
  v_to_charge JSONB := '[]'::jsonb;
  v_charge RECORD;
  v_need RECORD;
  v_available BIGINT;
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
      SELECT request_hash, status_code, response_body INTO v_stored
        FROM idempotency_record WHERE organization_id = v_org AND key = v_key;
      IF v_stored.request_hash IS DISTINCT FROM p->>'hash' THEN
        RAISE EXCEPTION USING ERRCODE = 'OR409', MESSAGE = 'idempotency_conflict';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'status', v_stored.status_code, 'body', v_stored.response_body);
    END IF;
  END IF;

  -- An organization with an account past due or suspended orders nothing until it has paid.
  SELECT string_agg(format('currency=%s; standing=%s', currency, standing), '; ' ORDER BY currency) INTO v_refusal
    FROM billing_account WHERE organization_id = v_org AND standing IN ('past_due', 'suspended');
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR4PD', MESSAGE = 'account_past_due', DETAIL = v_refusal;
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
         i.product_id, i.quantity, CASE WHEN i.kind = 'geography' THEN i.quantity ELSE 0 END, i.currency, i.monthly_fee, i.setup_fee, i.estimated_lead_time, i.bundle_id
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

  -- Each item's numbers, in item order (the events follow it): a named item's number sold
  -- above, a geography item's as far as stock goes and back-ordered beyond. Only a named item
  -- looks for its number among v_named_sold, which is never empty when there is one: planned for
  -- an empty array, `id = ANY('{}')` is a contradiction, from which the planner proves any partial
  -- index's condition, and on PGlite without statistics it walked the whole of the pick's index
  -- (every available number of a country's type) to find nothing (docs/PERFORMANCE.md, "An empty
  -- array that walked an index").
  -- The reads of v_sold below check for an empty one for the same reason.
  v_named_sold := v_sold;
  v_sold := '{}';
  FOR v_item IN
    SELECT oi.id, oi.country_id, oi.kind FROM order_item oi WHERE oi.order_id = v_order_id ORDER BY oi.position
  LOOP
    v_item_named := '{}';
    IF v_item.kind = 'named_number' THEN
      v_item_named := ARRAY(SELECT n.id FROM inventory_number n WHERE n.id = ANY(v_named_sold) AND n.order_item_id = v_item.id);
    END IF;
    SELECT s.sold, s.configurations INTO v_new, v_item_ids
      FROM sell_to_item(v_item.id, v_item_named, v_now, v_day, v_due::timestamptz,
                        p->'formats'->(v_item.country_id::text), v_limit) s;
    v_sold := v_sold || v_new;
    v_ids := v_ids || v_item_ids;
    v_to_charge := v_to_charge || jsonb_build_object('item', v_item.id, 'configurations', to_jsonb(v_item_ids));
  END LOOP;

  v_status := sale_order_status(v_order_id);
  SELECT sum(backordered_quantity) INTO v_backordered FROM order_item WHERE order_id = v_order_id;

  PERFORM sale_record_events('placed', v_ids, ARRAY[v_order_id], v_now);

  -- The audit entry, as lib/audit/record.ts writes it.
  INSERT INTO audit_event (id, organization_id, at, actor_type, actor_id, actor_name, ip, action, resource_type,
                           resource_id, changes)
  SELECT 'aud_' || replace(gen_random_uuid()::text, '-', ''), v_org, now(), p->'actor'->>'type', p->'actor'->>'id',
         p->'actor'->>'name', p->>'ip', 'order.placed', 'order', p->>'reference_id',
         jsonb_build_array(
           jsonb_build_object('field', 'numbers', 'from', NULL, 'to', COALESCE((
             SELECT jsonb_agg(n.number_e164 ORDER BY n.number_e164 COLLATE "C")
               FROM inventory_number n WHERE cardinality(v_sold) > 0 AND n.id = ANY(v_sold)), '[]'::jsonb)),
           jsonb_build_object('field', 'backordered_quantity', 'from', NULL, 'to', v_backordered));

  -- What the numbers sold cost now (sale_number_fees, the figures sale_charge_numbers writes)
  -- and monthly from next month, per currency: worked out from the items, so that the answer,
  -- and the stored answer under the key, are written before anything locks the organization's
  -- billing account.
  SELECT jsonb_agg(jsonb_build_object('currency', t.currency, 'setup', t.setup, 'prorated', t.prorated,
                                      'monthly', t.monthly) ORDER BY t.currency)
    INTO v_charges
    FROM (SELECT oi.currency, sum(f.setup)::bigint AS setup, sum(f.prorated)::bigint AS prorated,
                 sum(round(oi.monthly_fee * 100))::bigint AS monthly
            FROM inventory_number n JOIN order_item oi ON oi.id = n.order_item_id
           CROSS JOIN sale_number_fees(round(oi.setup_fee * 100)::bigint, round(oi.monthly_fee * 100)::bigint, v_day) f
           WHERE cardinality(v_sold) > 0 AND n.id = ANY(v_sold) GROUP BY oi.currency) t;

  -- Each number bought with the documents it requires, active or pending (and until when).
  SELECT jsonb_build_object('data', jsonb_build_object('reference_id', p->>'reference_id', 'charges', (
           SELECT COALESCE(jsonb_agg(jsonb_build_object(
                    'currency', c->>'currency',
                    'setup_fees', billing_amount((c->>'setup')::bigint),
                    'prorated_fees', billing_amount((c->>'prorated')::bigint),
                    'total_now', billing_amount((c->>'setup')::bigint + (c->>'prorated')::bigint),
                    'monthly', billing_amount((c->>'monthly')::bigint))), '[]'::jsonb)
             FROM jsonb_array_elements(COALESCE(v_charges, '[]'::jsonb)) c), 'numbers', COALESCE(
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
   WHERE cardinality(v_sold) > 0 AND n.id = ANY(v_sold) AND c.inventory_number_id = ANY(v_sold);

  -- Only successful orders are stored (a failed one rolls back with its key): status 200.
  IF v_key IS NOT NULL THEN
    UPDATE idempotency_record SET status_code = 200, response_body = v_body
     WHERE organization_id = v_org AND key = v_key;
  END IF;

  -- The charges last. billing_open_account locks the organization's account in a currency until
  -- the commit, and every other sale of the organization waits there, so nothing but the check
  -- and the ledger's entries come after it. The accounts are locked by currency, so that two
  -- orders of several currencies lock them in the same order. A currency whose charges take the
  -- account's available amount (balance + credit limit) below zero refuses the whole order:
  -- everything above undoes.
  v_missing := NULL;
  FOR v_need IN
    SELECT c->>'currency' AS currency, (c->>'setup')::bigint + (c->>'prorated')::bigint AS needed
      FROM jsonb_array_elements(COALESCE(v_charges, '[]'::jsonb)) c
     WHERE (c->>'setup')::bigint + (c->>'prorated')::bigint > 0
     ORDER BY c->>'currency'
  LOOP
    v_available := billing_open_account(v_org, v_need.currency, v_limit, v_now);
    IF v_available - v_need.needed < 0 THEN
      v_missing := COALESCE(v_missing, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
        'currency', v_need.currency, 'needed', v_need.needed, 'available', v_available));
    END IF;
  END LOOP;
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR402', MESSAGE = 'insufficient_funds', DETAIL = v_missing::text;
  END IF;
  FOR v_charge IN
    -- The order's items by its id: joined by the items' ids alone, the planner hashed the whole
    -- order_item table for every sale.
    SELECT oi.id AS item, ARRAY(SELECT jsonb_array_elements_text(c->'configurations')) AS configurations
      FROM order_item oi JOIN jsonb_array_elements(v_to_charge) c ON (c->>'item')::int = oi.id
     WHERE oi.order_id = v_order_id
     ORDER BY oi.currency, oi.position
  LOOP
    PERFORM sale_charge_item(v_charge.item, v_charge.configurations, v_now, v_day, v_limit);
  END LOOP;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'body', v_body);
END
$$;
