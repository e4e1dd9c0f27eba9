-- Part of port-in (docs/CONTRACT.md §20); applied by lib/db/migrate.ts applyFunctions. The product
-- a ported number is billed under, the one home of that rule: a ported number was never in our
-- inventory, so no order item priced it, and it is priced as a geography item of its country and
-- number type with no region would be: the cheapest product of that destination (monthly fee,
-- then setup fee, then id). Its fees in minor units and the document types it requires. No row:
-- no product sells the destination, so nothing is charged and no document is needed.
-- Asked by the submission's credit check and the activation at the FOC (lib/porting/credit.ts
-- portProduct), by billing_number_fees (the month-end run, the upcoming invoice, a restore's
-- charge) and by a restore's status (lib/coverage/coverage.ts). STABLE SQL with one SELECT, so
-- the planner inlines it into the statement that asks.
CREATE OR REPLACE FUNCTION port_product(p_country TEXT, p_number_type TEXT)
RETURNS TABLE (id INT, currency TEXT, setup_minor BIGINT, monthly_minor BIGINT, documents TEXT[])
LANGUAGE sql STABLE AS $$
  SELECT p.id, p.currency::text, round(p.setup_fee * 100)::bigint, round(p.monthly_fee * 100)::bigint,
         ARRAY(SELECT d.document_type_id FROM product_document d WHERE d.product_id = p.id ORDER BY d.document_type_id)
    FROM product p
   WHERE p.country_id = p_country::char(2) AND p.number_type_id = p_number_type
   ORDER BY p.monthly_fee, p.setup_fee, p.id
   LIMIT 1
$$;
