-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- place_order's refusals as an answer instead of an error. A query that fails makes pg's pool
-- end its connection, so every 409 (OR409 idempotency_conflict, OR410 number_unavailable) would
-- cost the next order a new connection. The block catches the refusals; what place_order
-- wrote before refusing is undone with the block's subtransaction. Any other error is an error.
--
-- A 402 (OR4PD account_past_due, OR402 insufficient_funds: docs/API.md, "Charges and the
-- ledger") is an answer the request keeps: its Idempotency-Key's claim went with the
-- subtransaction, so the error body is stored under the key here, after it, and a repeat
-- replays it (an expired record is taken over, as place_order's claim does). Answers
-- {refused, detail} for a 409 and {refused, status, body} for a 402.
CREATE OR REPLACE FUNCTION place_order_answer(p JSONB) RETURNS JSONB LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_code TEXT;
  v_detail TEXT;
  v_body JSONB;
BEGIN
  RETURN place_order(p);
EXCEPTION WHEN SQLSTATE 'OR409' OR SQLSTATE 'OR410' OR SQLSTATE 'OR402' OR SQLSTATE 'OR4PD' THEN
  GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
  IF v_code = 'OR4PD' THEN
    v_body := jsonb_build_object('message', 'Payment Required', 'error', jsonb_build_object(
      'message', 'The organization''s billing account is past due: nothing can be ordered until the invoices due are paid. Nothing was ordered.',
      'details', v_detail, 'code', 'account_past_due'));
  ELSIF v_code = 'OR402' THEN
    SELECT jsonb_build_object('message', 'Payment Required', 'error', jsonb_build_object(
             'message', format('This order would charge %s now, more than the account has available (%s). Nothing was ordered.',
                               string_agg(s.currency || ' ' || billing_amount(s.needed), ', ' ORDER BY s.currency),
                               string_agg(s.currency || ' ' || billing_amount(s.available), ', ' ORDER BY s.currency)),
             -- JSON with its keys in this order (jsonb would sort them), as compact as JSON.stringify.
             'details', '[' || string_agg(format('{"currency":"%s","needed":"%s","available":"%s"}', s.currency,
                                                 billing_amount(s.needed), billing_amount(s.available)), ','
                                          ORDER BY s.currency) || ']',
             'code', 'insufficient_funds'))
      INTO v_body
      FROM jsonb_to_recordset(v_detail::jsonb) AS s(currency TEXT, needed BIGINT, available BIGINT);
  ELSE
    RETURN jsonb_build_object('refused', v_code, 'detail', v_detail);
  END IF;
  IF p->>'key' IS NOT NULL THEN
    INSERT INTO idempotency_record (organization_id, key, request_hash, status_code, response_body, created_at, expires_at)
    VALUES (p->>'organization_id', p->>'key', p->>'hash', 402, v_body, now(), now() + interval '24 hours')
    ON CONFLICT (organization_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
          response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_record.expires_at <= now();
  END IF;
  RETURN jsonb_build_object('refused', v_code, 'status', 402, 'body', v_body);
END
$$;
