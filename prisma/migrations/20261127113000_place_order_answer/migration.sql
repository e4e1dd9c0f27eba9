-- place_order's refusals as an answer instead of an error (issue 28). A query that fails makes
-- pg's pool end its connection (pg-pool releases the client with the error), so every 409
-- (OR409 idempotency_conflict, OR410 number_unavailable) cost the next order a new connection:
-- a PostgreSQL backend started and authenticated. The block below catches the two refusals;
-- what place_order wrote before refusing is undone with the block's subtransaction, as the
-- error undid it before. Any other error is still an error.
CREATE FUNCTION place_order_answer(p JSONB) RETURNS JSONB LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_code TEXT;
  v_detail TEXT;
BEGIN
  RETURN place_order(p);
EXCEPTION WHEN SQLSTATE 'OR409' OR SQLSTATE 'OR410' THEN
  GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
  RETURN jsonb_build_object('refused', v_code, 'detail', v_detail);
END
$$;
