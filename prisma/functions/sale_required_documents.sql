-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- The Required document objects of a number, in the order of its ids (lib/inventory/documents.ts).
CREATE OR REPLACE FUNCTION sale_required_documents(ids TEXT[]) RETURNS JSONB LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
  SELECT COALESCE(jsonb_agg(jsonb_build_object('document_type_id', t.id, 'name', t.name,
                                               'more_information', t.more_information) ORDER BY u.position), '[]'::jsonb)
    FROM unnest(ids) WITH ORDINALITY AS u(id, position) JOIN document_type t ON t.id = u.id);
END
$$;
