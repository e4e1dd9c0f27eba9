-- Part of compliance documents (docs/CONTRACT.md §17); applied by lib/db/migrate.ts applyFunctions.
-- What one of an organization's numbers requires, the one home of that rule for a number already
-- taken: its country, number type and the document types it requires. A sold number's come from
-- its inventory row; a ported number (no inventory row) has its port order's destination and that
-- destination's product's documents (port_product), as its activation at the FOC was gated. No
-- row: no such configuration. Asked by a bundle's approval (lib/compliance/activation.ts) and a
-- restore's status (lib/coverage/coverage.ts restoredStatus). STABLE SQL with one SELECT, so the
-- planner inlines it into the statement that asks, each number a lookup by key.
CREATE OR REPLACE FUNCTION number_documents(p_configuration TEXT)
RETURNS TABLE (country TEXT, number_type TEXT, documents TEXT[])
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(n.country_id::text, po.country::text), COALESCE(n.number_type_id, po.number_type),
         COALESCE(n.required_document_ids, p.documents, '{}')
    FROM number_configuration c
    LEFT JOIN inventory_number n ON n.id = c.inventory_number_id
    LEFT JOIN port_order po ON c.inventory_number_id IS NULL AND po.id = c.port_order_id
    LEFT JOIN LATERAL port_product(po.country, po.number_type) p ON true
   WHERE c.id = p_configuration
$$;
