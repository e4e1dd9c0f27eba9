import { z } from "zod";
import {
  boundedInt,
  documentedAs,
  numberTypeOutputSchema,
  queryBoolean,
  timestampSchema,
} from "@/lib/schemas/common";
import { regionIdSchema } from "@/lib/schemas/products";
import { requiredDocumentSchema } from "@/lib/schemas/reference";
import { INVENTORY_PAGE } from "@/lib/schemas/limits";
import { keypadToDigits } from "@/lib/reference/keypad";

const CONTAINS_MESSAGE = "contains must be 1 to 15 digits or keypad letters, optionally after a leading +";

// "1-800 CALL" style input is refused rather than stripped: the API allows only a leading
// + besides digits and letters. A leading space is a + that was sent unencoded (the query
// string decodes + to a space), as docs/CONTRACT.md §8 reads it for numbers too.
const containsSchema = documentedAs(
  z
    .string()
    .regex(/^[+ ]?[0-9A-Za-z]{1,15}$/, CONTAINS_MESSAGE)
    // The + stays, for the search to read a trunk prefix after the calling code (+44 0 20…).
    .transform((value) => `${/^[+ ]/.test(value) ? "+" : ""}${keypadToDigits(value)}`),
  {
    type: "string",
    pattern: "^[+ ]?[0-9A-Za-z]{1,15}$",
    description:
      "1 to 15 digits found anywhere in the number; letters are read as on a phone keypad (CALL = 2255). After a leading +, the country's calling code followed by its trunk prefix, as in +44 (0)20 written without signs (+44020), also finds +4420….",
    examples: ["212"],
  },
);

function digitsParam(name: string, where: string) {
  return documentedAs(z.string().regex(/^\d{1,15}$/, `${name} must be 1 to 15 digits`), {
    type: "string",
    pattern: "^\\d{1,15}$",
    description: `1 to 15 digits the national number ${where}.`,
  });
}

// Repeated (`a&exclude_documents=b`) or comma-separated; both may be mixed.
const documentListSchema = documentedAs(
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((entry) => entry.split(","))
        .map((id) => id.trim())
        .filter((id) => id !== ""),
    )
    .pipe(z.array(z.string()).min(1, "exclude_documents must name at least one document type id")),
  {
    type: "array",
    items: { type: "string" },
    minItems: 1,
    explode: true,
    description:
      "Document type ids (GET /document_types): drop numbers that require any of them. Repeat the parameter or separate ids with commas.",
  },
);

export const inventoryQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, INVENTORY_PAGE.maxLimit, INVENTORY_PAGE.defaultLimit).meta({
    description: "Page size.",
  }),
  offset: boundedInt("offset", 0, INVENTORY_PAGE.maxOffset, 0).meta({ description: "Numbers to skip." }),
  contains: containsSchema.optional(),
  // With a leading + the digits start at the country code (E.164), as people copy a number.
  starts_with: z
    .string()
    .regex(/^[+ ]?\d{1,15}$/, "starts_with must be 1 to 15 digits, optionally after a leading +")
    .transform((value) => value.replace(/^ /, "+"))
    .optional()
    .meta({
      description:
        "Digits the national number starts with, with or without the trunk prefix (020 or 20 in GB); after a leading +, digits the E.164 number starts with (country code first; a trunk prefix after it, +44020, is read as +4420). A + with another country's calling code is refused (400), since it can match nothing.",
    }),
  ends_with: digitsParam("ends_with", "ends with").optional(),
  region: regionIdSchema.optional(),
  sms_enabled: queryBoolean("sms_enabled")
    .optional()
    .meta({ description: "Only numbers whose SMS capability equals it." }),
  voice_enabled: queryBoolean("voice_enabled")
    .optional()
    .meta({ description: "Only numbers whose voice capability equals it." }),
  exclude_all_documents_required: queryBoolean("exclude_all_documents_required")
    .optional()
    .meta({ description: "true: only numbers that require no documents." }),
  exclude_documents: documentListSchema.optional(),
  activatable_now: queryBoolean("activatable_now").optional().meta({
    description:
      "true: only numbers that would be active as soon as bought — they need no document, or an approved compliance bundle of yours covers the documents they need; false: only the others (bought, they would wait pending documents).",
  }),
});

export type InventoryQuery = z.output<typeof inventoryQuerySchema>;

const inventoryNumberSchema = z
  .object({
    number_e164: z.string().describe("E.164, e.g. +12125550123"),
    number_local_format: z.string().describe("National significant number, digits only"),
    country: z.string(),
    number_type: numberTypeOutputSchema,
    region: z.string(),
    required_documents: z.array(requiredDocumentSchema),
    standard_capacity: z.string(),
    geographic_restrictions: z.string(),
    mobile_accessible: z.string(),
    outside_country_display: z.string(),
    portable: z.string(),
    capabilities: z.object({ sms: z.boolean(), voice: z.boolean() }),
    activatable_now: z
      .boolean()
      .describe(
        "true when bought now it would be active at once: it needs no document, or an approved bundle of yours covers them",
      ),
    covering_bundle_id: z
      .string()
      .nullable()
      .describe(
        "The approved compliance bundle of yours that covers its documents; null when none does or none is needed",
      ),
    activation_note: z
      .string()
      .describe("In words, for people: what the number needs and whether your approved bundles cover it"),
    held_until: timestampSchema()
      .optional()
      .describe(
        "ISO 8601; present only on numbers your organization holds (POST /reservations): the hold ends then",
      ),
  })
  .meta({ id: "InventoryNumber" });

export const inventoryListSchema = z.array(inventoryNumberSchema);

export type InventoryNumber = z.infer<typeof inventoryNumberSchema>;
