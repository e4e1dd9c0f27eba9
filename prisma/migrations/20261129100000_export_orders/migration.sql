-- The CSV exports read an organization's rows a page at a time in the order they are written
-- (lib/numbers/export-csv.ts, lib/billing/ledger-csv.ts): an index in that order lets each page
-- start after the last row sent and stop after a page, instead of sorting the whole organization
-- again for every page (100,000 numbers in pages of 5,000: 20 sorts of 100,000 rows). The numbers
-- by kind then number (GET /numbers' default sort); the ledger newest first, as its list reads it too.
-- CreateIndex
CREATE INDEX "number_configuration_organization_id_kind_number_id_idx" ON "number_configuration"("organization_id", "kind", "number", "id");

-- CreateIndex
CREATE INDEX "ledger_entry_organization_id_created_at_id_idx" ON "ledger_entry"("organization_id", "created_at" DESC, "id" DESC);
