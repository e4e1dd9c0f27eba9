-- Part of billing (docs/ARCHITECTURE.md, "Billing"); applied by lib/db/migrate.ts applyFunctions.
-- An amount in minor units as the API writes it, as lib/billing/money.ts formatMinor does:
-- two decimals, a minus for a negative amount ("12.50", "-3.00", "0.00").
CREATE OR REPLACE FUNCTION billing_amount(p_minor BIGINT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (p_minor::numeric / 100)::numeric(20, 2)::text
$$;
