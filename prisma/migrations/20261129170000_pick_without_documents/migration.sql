-- The sale's pick of numbers that require no documents (sell_to_item, for an item that provides
-- none: most of them), lowest first, in a region or in a country's type. Only the available
-- numbers without documents are in these indexes, so the pick's first entry is the number it
-- takes; the search indexes also hold the numbers that require documents, which the pick had to
-- fetch and pass over, more of them the further a region is sold. The region's index names the
-- country and type too, so that every condition of the pick is the index's and the planner
-- prefers it. Prisma cannot describe a partial index, so they live here.
CREATE INDEX "inventory_number_pick_region_idx" ON "inventory_number"("region_id", "country_id", "number_type_id", "number_e164")
  WHERE "status" = 'available' AND "required_document_ids" = '{}';
CREATE INDEX "inventory_number_pick_country_type_idx" ON "inventory_number"("country_id", "number_type_id", "number_e164")
  WHERE "status" = 'available' AND "required_document_ids" = '{}';
