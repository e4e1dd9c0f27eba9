-- DropIndex
DROP INDEX "inventory_number_region_id_status_number_e164_idx";

-- CreateIndex
CREATE INDEX "inventory_number_region_search_idx" ON "inventory_number"("region_id", "status", "number_e164", "country_id", "number_type_id", "national_number", "sms_enabled", "voice_enabled", "required_document_ids");
