-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- The events of one sale (docs/CONTRACT.md §14, §17), each carrying the resource as its endpoint
-- shows it after the sale: number.assigned for each configuration p_configurations names (in
-- that order), number.activated for those an approved bundle covered at the sale, then per
-- order of p_orders (by id) order.created (p_change 'placed') or order.backorder_filled
-- ('filled'), and order.completed when nothing waits. Each with one pending delivery per
-- endpoint of the organization subscribed to its type (lib/events/record-events.ts).
CREATE OR REPLACE FUNCTION sale_record_events(p_change TEXT, p_configurations TEXT[], p_orders INT[], p_now TIMESTAMPTZ)
RETURNS VOID LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  WITH configurations AS (
    SELECT array_position(p_configurations, c.id) AS position, c.organization_id,
           cardinality(n.required_document_ids) > 0 AND c.status = 'active' AS activated,
           jsonb_build_object(
             'number_id', c.id, 'organization_id', c.organization_id, 'number', c.number, 'name', c.name,
             'rules', '[]'::jsonb, 'country_code', country.calling_code, 'local_format', c.name,
             'number_type', n.number_type_id, 'region', jsonb_build_object('id', r.id, 'name', r.name),
             'status', c.status, 'purchased_at', sale_iso(c.created_at), 'restorable_until', NULL,
             'documents_due', CASE WHEN c.status = 'pending_documents' THEN sale_iso(c.documents_due) END,
             'locked', c.locked, 'tags', to_jsonb(c.tags),
             'port_order_id', c.port_order_id, 'porting_foc_at', NULL,
             'port_out_pin_set', c.port_out_pin_hash IS NOT NULL) AS data
      FROM number_configuration c
      JOIN inventory_number n ON n.id = c.inventory_number_id
      JOIN region r ON r.id = n.region_id
      JOIN country ON country.id = n.country_id
     WHERE c.id = ANY(p_configurations)
       AND n.id = ANY(ARRAY(SELECT inventory_number_id FROM number_configuration WHERE id = ANY(p_configurations)))
  ), orders AS (
    SELECT o.id, o.organization_id, o.status, sale_order_json(o.id) AS data
      FROM "order" o WHERE o.id = ANY(p_orders)
  ), sale_events AS (
    SELECT 1 AS stage, position, organization_id, 'number.assigned' AS type, data FROM configurations
    UNION ALL SELECT 1, cardinality(p_configurations) + position, organization_id, 'number.activated', data
      FROM configurations WHERE activated
    UNION ALL SELECT 2, 2 * id, organization_id,
                     CASE p_change WHEN 'placed' THEN 'order.created' ELSE 'order.backorder_filled' END, data FROM orders
    UNION ALL SELECT 2, 2 * id + 1, organization_id, 'order.completed', data FROM orders WHERE status = 'completed'
  ), new_events AS (
    INSERT INTO event (id, organization_id, type, data, created_at)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), e.organization_id, e.type, e.data, p_now
      FROM sale_events e ORDER BY e.stage, e.position
    RETURNING id, organization_id, type
  )
  INSERT INTO webhook_delivery (id, webhook_id, event_id, status, next_attempt_at, created_at)
  SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'pending', p_now, p_now
    FROM new_events e JOIN webhook w ON w.organization_id = e.organization_id AND e.type = ANY(w.events);
END
$$;
