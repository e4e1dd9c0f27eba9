-- Part of the sale (docs/ARCHITECTURE.md, "The sale" and "Billing"); applied by lib/db/migrate.ts
-- applyFunctions. What a number costs when an organization starts holding it, the one home of
-- that rule: a sale (sell_to_item) and a port's activation at the FOC (lib/porting/activation.ts)
-- both call it, in their own transaction, so a number never starts uncharged.
--
-- Each configuration of p_configurations (in that order) gets a setup_fee entry of p_setup_minor
-- and a prorated_fee entry for the rest of p_day's month (both from sale_number_fees),
-- each only when above zero, after billing_open_account has opened and locked the organization's
-- account in p_currency (a new one gets p_default_limit, minor units). The keys
-- (setup:<configuration id>, prorated:<configuration id>:<YYYY-MM>) make a second write a no-op.
-- p_order_id is the order the number was sold by (NULL for a ported number). Whether the
-- organization may afford the charges is the caller's business.
CREATE OR REPLACE FUNCTION sale_charge_numbers(
  p_organization TEXT, p_currency TEXT, p_setup_minor BIGINT, p_monthly_minor BIGINT, p_configurations TEXT[],
  p_order_id INT, p_now TIMESTAMPTZ, p_day DATE, p_default_limit BIGINT
) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_configurations) = 0 OR (p_setup_minor <= 0 AND p_monthly_minor <= 0) THEN
    RETURN;
  END IF;
  PERFORM billing_open_account(p_organization, p_currency, p_default_limit, p_now);
  INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id, number_e164,
                            order_id, period_start, period_end, idempotency_key, created_at)
  SELECT 'le_' || replace(gen_random_uuid()::text, '-', ''), p_organization, p_currency,
         f.kind::ledger_kind, -f.amount, f.description, c.id, c.number, p_order_id,
         f.period_start, f.period_end, f.key, p_now
    FROM unnest(p_configurations) WITH ORDINALITY AS u(id, position)
    JOIN number_configuration c ON c.id = u.id
   CROSS JOIN sale_number_fees(p_setup_minor, p_monthly_minor, p_day) fees
   CROSS JOIN LATERAL (VALUES
           (1, 'setup_fee', fees.setup, 'Setup fee for ' || c.number, NULL::date, NULL::date, 'setup:' || c.id),
           (2, 'prorated_fee', fees.prorated,
            'Monthly fee for ' || c.number || ' from ' || to_char(p_day, 'YYYY-MM-DD') || ' to the end of the month', p_day,
            (date_trunc('month', p_day) + interval '1 month')::date,
            'prorated:' || c.id || ':' || to_char(p_day, 'YYYY-MM'))
         ) AS f(rank, kind, amount, description, period_start, period_end, key)
   WHERE f.amount > 0
   ORDER BY u.position, f.rank
  ON CONFLICT (organization_id, idempotency_key) DO NOTHING;
END
$$;
