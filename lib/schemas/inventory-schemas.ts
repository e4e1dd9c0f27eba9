// Shared by the inventory*.test.ts files here: GET /inventory's schemas, loaded by
// beforeAll(loadInventorySchemas).
import type * as InventorySchemas from "@/lib/schemas/inventory";

// Loaded in beforeAll rather than imported: a schema module that throws while loading then
// fails these tests, where a failed import would leave the file with no tests at all (which
// the mutation run's test runner counts as passing).
export let inventoryQuerySchema: typeof InventorySchemas.inventoryQuerySchema;
export let inventoryNumberSchema: typeof InventorySchemas.inventoryListSchema.element;
export async function loadInventorySchemas(): Promise<void> {
  const schemas = await import("@/lib/schemas/inventory");
  inventoryQuerySchema = schemas.inventoryQuerySchema;
  inventoryNumberSchema = schemas.inventoryListSchema.element;
}
