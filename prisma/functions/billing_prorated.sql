-- Part of billing (docs/ARCHITECTURE.md, "Billing"); applied by lib/db/migrate.ts applyFunctions.
-- The one proration (docs/API.md, "Charges and the ledger"): the part of a monthly fee that pays
-- for the rest of p_day's month, p_day included, in UTC days: monthly × days left ÷ days in the
-- month, rounded half up to the minor unit. The sale, a restore and TypeScript all ask this.
CREATE OR REPLACE FUNCTION billing_prorated(p_monthly_minor BIGINT, p_day DATE) RETURNS BIGINT
  LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT floor(
           (p_monthly_minor::numeric * ((date_trunc('month', p_day) + interval '1 month')::date - p_day))
           / ((date_trunc('month', p_day) + interval '1 month')::date - date_trunc('month', p_day)::date)
           + 0.5)::bigint
$$;
