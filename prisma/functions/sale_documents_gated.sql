-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- Whether a number an organization takes waits for documents (docs/CONTRACT.md §17): it requires
-- some (p_required, document type ids) and no approved bundle of the organization for its country
-- and number type, valid on p_day, holds every one of them. The one home of the rule: a sale
-- (sell_to_item) and a port's activation (lib/porting/activation.ts) both ask it.
CREATE OR REPLACE FUNCTION sale_documents_gated(
  p_organization TEXT, p_country TEXT, p_number_type TEXT, p_required TEXT[], p_day DATE
) RETURNS BOOLEAN LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
  SELECT cardinality(p_required) > 0 AND NOT EXISTS (
    SELECT 1 FROM compliance_bundle b
     WHERE b.organization_id = p_organization AND b.country_id = p_country
       AND b.number_type_id = p_number_type AND b.status = 'approved'
       AND (b.valid_until IS NULL OR b.valid_until >= p_day)
       AND p_required <@ ARRAY(
             SELECT d.document_type_id FROM compliance_bundle_document bd
               JOIN compliance_document d ON d.id = bd.document_id
              WHERE bd.bundle_id = b.id)));
END
$$;
