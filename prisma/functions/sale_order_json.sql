-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- An order as GET /orders/{reference_id} shows it (lib/orders/read-orders.ts), for the events
-- a sale records: an event's order is the order as its endpoint showed it then (docs/CONTRACT.md §14).
CREATE OR REPLACE FUNCTION sale_order_json(p_order INT) RETURNS JSONB LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
  SELECT jsonb_build_object(
           'reference_id', o.reference_id, 'organization_id', o.organization_id, 'status', o.status,
           'created_at', sale_iso(o.created_at), 'contact_name', o.contact_name, 'reference_number', o.reference_number,
           'numbers_waiting_for_documents', (
             SELECT count(*)::int FROM order_item oi
               JOIN inventory_number n ON n.order_item_id = oi.id
               JOIN number_configuration c ON c.inventory_number_id = n.id
              WHERE oi.order_id = o.id AND c.status = 'pending_documents'),
           'items', (
             SELECT jsonb_agg(jsonb_build_object(
                      'position', oi.position, 'kind', oi.kind, 'number_e164', oi.number_e164,
                      'country', oi.country_id, 'number_type', oi.number_type_id, 'region', oi.region_id,
                      'product', jsonb_build_object('id', oi.product_id::text, 'name', pr.name),
                      'currency', oi.currency, 'monthly_fee', sale_amount(oi.monthly_fee),
                      'setup_fee', sale_amount(oi.setup_fee), 'quantity', oi.quantity,
                      'assigned_numbers', COALESCE(numbers.assigned, '[]'::jsonb),
                      'numbers', COALESCE(numbers.described, '[]'::jsonb),
                      'backordered_quantity', oi.backordered_quantity,
                      'estimated_lead_time', oi.estimated_lead_time, 'bundle_id', oi.bundle_id) ORDER BY oi.position)
               FROM order_item oi JOIN product pr ON pr.id = oi.product_id
               LEFT JOIN LATERAL (
                 SELECT jsonb_agg(n.number_e164 ORDER BY n.number_e164) AS assigned,
                        jsonb_agg(jsonb_build_object('number_e164', n.number_e164,
                                                     'required_documents', sale_required_documents(n.required_document_ids))
                                  ORDER BY n.number_e164) AS described
                   FROM inventory_number n WHERE n.order_item_id = oi.id
               ) numbers ON true
              WHERE oi.order_id = o.id))
    FROM "order" o WHERE o.id = p_order);
END
$$;
