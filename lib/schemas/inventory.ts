import { z } from "zod";
import { boundedInt, queryBoolean } from "@/lib/schemas/common";
import { requiredDocumentSchema } from "@/lib/schemas/reference";
import { INVENTORY_PAGE } from "@/lib/schemas/limits";
import { keypadToDigits } from "@/lib/reference/keypad";

export { INVENTORY_PAGE };

const CONTAINS_MESSAGE = "contains must be 1 to 15 digits or keypad letters, optionally after a leading +";

// "1-800 CALL" style input is refused rather than stripped: the contract allows only a leading
// + besides digits and letters. A leading space is a + that was sent unencoded (the query
// string decodes + to a space), as contract §8 reads it for numbers too.
const containsSchema = z
  .string()
  .regex(/^[+ ]?[0-9A-Za-z]{1,15}$/, CONTAINS_MESSAGE)
  .transform((value) => keypadToDigits(value));

function digitsParam(name: string) {
  return z.string().regex(/^\d{1,15}$/, `${name} must be 1 to 15 digits`);
}

// Repeated (`a&exclude_documents=b`) or comma-separated; both may be mixed.
const documentListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.split(",")).map((id) => id.trim()).filter((id) => id !== ""))
  .pipe(z.array(z.string()).min(1, "exclude_documents must name at least one document type id"));

export const inventoryQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, INVENTORY_PAGE.maxLimit, INVENTORY_PAGE.defaultLimit),
  offset: boundedInt("offset", 0, INVENTORY_PAGE.maxOffset, 0),
  contains: containsSchema.optional(),
  starts_with: digitsParam("starts_with").optional(),
  ends_with: digitsParam("ends_with").optional(),
  region: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "region must be a region id such as US-NY-NEW_YORK-212").optional(),
  sms_enabled: queryBoolean("sms_enabled").optional(),
  voice_enabled: queryBoolean("voice_enabled").optional(),
  exclude_all_documents_required: queryBoolean("exclude_all_documents_required").optional(),
  exclude_documents: documentListSchema.optional(),
});

export type InventoryQuery = z.output<typeof inventoryQuerySchema>;

export const inventoryNumberSchema = z
  .object({
    number_e164: z.string().describe("E.164, e.g. +12125550123"),
    number_local_format: z.string().describe("National significant number, digits only"),
    country: z.string(),
    number_type: z.string(),
    region: z.string(),
    required_documents: z.array(requiredDocumentSchema),
    standard_capacity: z.string(),
    geographic_restrictions: z.string(),
    mobile_accessible: z.string(),
    outside_country_display: z.string(),
    portable: z.string(),
    capabilities: z.object({ sms: z.boolean(), voice: z.boolean() }),
  })
  .meta({ id: "InventoryNumber" });

export const inventoryListSchema = z.array(inventoryNumberSchema);

export type InventoryNumber = z.infer<typeof inventoryNumberSchema>;
