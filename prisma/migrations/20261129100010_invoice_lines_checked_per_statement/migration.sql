-- A line is added to a draft only: checked once per INSERT statement instead of once per row.
-- The month-end run writes a batch of accounts' lines (tens of thousands) in one INSERT, where
-- the row trigger cost a PL/pgSQL call and an invoice lookup per line, about a third of the
-- statement. An update or deletion of a line stays checked row by row (the row trigger, now for
-- those two only); the message is the same.
DROP TRIGGER invoice_line_of_draft ON "invoice_line";
CREATE TRIGGER invoice_line_of_draft BEFORE UPDATE OR DELETE ON "invoice_line"
  FOR EACH ROW EXECUTE FUNCTION invoice_line_of_draft();

CREATE FUNCTION invoice_lines_added_to_draft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_invoice TEXT;
BEGIN
  SELECT i.id INTO v_invoice FROM "invoice" i
   WHERE i.id IN (SELECT DISTINCT invoice_id FROM new_lines) AND i.status <> 'draft'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'invoice % is finalized: its lines never change', v_invoice;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_lines_added_to_draft AFTER INSERT ON "invoice_line"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_added_to_draft();
