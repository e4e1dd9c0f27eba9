-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- An amount as lib/products/money.ts formatAmount(value, 2) writes it: "4.50", and "0" for nothing.
CREATE OR REPLACE FUNCTION sale_amount(amount NUMERIC) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN amount = 0 THEN '0' ELSE round(amount, 2)::text END
$$;
