-- DropIndex
DROP INDEX "inventory_number_country_id_number_type_id_status_number_e1_idx";

-- DropIndex
DROP INDEX "inventory_number_country_id_status_number_e164_idx";

-- CreateIndex
CREATE INDEX "inventory_number_country_search_idx" ON "inventory_number"("country_id", "status", "number_e164", "number_type_id", "region_id", "national_number", "sms_enabled", "voice_enabled", "required_document_ids");

-- CreateIndex
CREATE INDEX "inventory_number_country_type_search_idx" ON "inventory_number"("country_id", "number_type_id", "status", "number_e164", "region_id", "national_number", "sms_enabled", "voice_enabled", "required_document_ids");
