-- Part of the sale (docs/ARCHITECTURE.md, "The sale" and "Billing"); applied by lib/db/migrate.ts
-- applyFunctions. What one number costs when an organization starts holding it, in minor units:
-- its setup fee and the rest of p_day's month of its monthly fee (billing_prorated), each 0 when
-- not above zero. sale_charge_numbers writes these as ledger entries; place_order works out its
-- answer and its check of the account from the same figures before it writes them.
CREATE OR REPLACE FUNCTION sale_number_fees(
  p_setup_minor BIGINT, p_monthly_minor BIGINT, p_day DATE, OUT setup BIGINT, OUT prorated BIGINT
) LANGUAGE sql IMMUTABLE AS $$
  SELECT GREATEST(p_setup_minor, 0), GREATEST(billing_prorated(p_monthly_minor, p_day), 0)
$$;
