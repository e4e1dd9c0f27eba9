import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type * as InventorySchemas from "@/lib/schemas/inventory";

// Loaded in beforeAll rather than imported: a schema module that throws while loading then
// fails these tests, where a failed import would leave the file with no tests at all (which
// the mutation run's test runner counts as passing).
let inventoryQuerySchema: typeof InventorySchemas.inventoryQuerySchema;
let inventoryNumberSchema: typeof InventorySchemas.inventoryListSchema.element;
beforeAll(async () => {
  const schemas = await import("@/lib/schemas/inventory");
  inventoryQuerySchema = schemas.inventoryQuerySchema;
  inventoryNumberSchema = schemas.inventoryListSchema.element;
});

// GET /inventory's query, as the route parses it (docs/CONTRACT.md §5): what each parameter becomes,
// and the first issue with its path and message for what is refused.

const parse = (query: Record<string, string | string[]>) => {
  const result = inventoryQuerySchema.safeParse(query);
  return result.success
    ? { data: result.data }
    : { issue: `${result.error.issues[0].path.join(".")}: ${result.error.issues[0].message}` };
};

const containsMessage =
  "contains: contains must be 1 to 15 digits or keypad letters, optionally after a leading +";

describe("inventoryQuerySchema accepts", () => {
  it.each<[string, Record<string, string | string[]>, Record<string, unknown>]>([
    ["nothing: the default page", {}, { limit: 50, offset: 0 }],
    ["the smallest page", { limit: "1", offset: "0" }, { limit: 1, offset: 0 }],
    ["starts_with after a +", { starts_with: "+1212" }, { limit: 50, offset: 0, starts_with: "+1212" }],
    [
      "starts_with after a + decoded to a space",
      { starts_with: " 1212" },
      { limit: 50, offset: 0, starts_with: "+1212" },
    ],
    ["the largest page", { limit: "1000", offset: "100000" }, { limit: 1000, offset: 100000 }],
    ["contains as digits", { contains: "4420" }, { limit: 50, offset: 0, contains: "4420" }],
    ["contains as keypad letters", { contains: "CALLme" }, { limit: 50, offset: 0, contains: "225563" }],
    ["contains after a +", { contains: "+1800" }, { limit: 50, offset: 0, contains: "+1800" }],
    [
      "contains after a + decoded to a space",
      { contains: " 1800" },
      { limit: 50, offset: 0, contains: "+1800" },
    ],
    [
      "contains of 1 and of 15 characters",
      { contains: "7", starts_with: "123456789012345" },
      { limit: 50, offset: 0, contains: "7", starts_with: "123456789012345" },
    ],
    [
      "contains of 15 characters",
      { contains: "+12345678901234A" },
      { limit: 50, offset: 0, contains: "+123456789012342" },
    ],
    [
      "starts_with and ends_with",
      { starts_with: "1", ends_with: "99" },
      { limit: 50, offset: 0, starts_with: "1", ends_with: "99" },
    ],
    ["a region id", { region: "US-NY-NEW_YORK-212" }, { limit: 50, offset: 0, region: "US-NY-NEW_YORK-212" }],
    [
      "a region id of 64 characters",
      { region: "R".repeat(64) },
      { limit: 50, offset: 0, region: "R".repeat(64) },
    ],
    [
      "the flags as words",
      { sms_enabled: "true", voice_enabled: "false", exclude_all_documents_required: "true" },
      { limit: 50, offset: 0, sms_enabled: true, voice_enabled: false, exclude_all_documents_required: true },
    ],
    [
      "the flags as digits",
      { sms_enabled: "1", voice_enabled: "0" },
      { limit: 50, offset: 0, sms_enabled: true, voice_enabled: false },
    ],
    ["one document", { exclude_documents: "7" }, { limit: 50, offset: 0, exclude_documents: ["7"] }],
    [
      "documents comma-separated, with spaces and empty entries",
      { exclude_documents: " 7, ,8," },
      { limit: 50, offset: 0, exclude_documents: ["7", "8"] },
    ],
    [
      "documents repeated and comma-separated",
      { exclude_documents: ["7,8", "9"] },
      { limit: 50, offset: 0, exclude_documents: ["7", "8", "9"] },
    ],
  ])("%s", (_label, query, data) => {
    expect(parse(query)).toEqual({ data });
  });
});

describe("inventoryQuerySchema refuses", () => {
  it.each<[string, Record<string, string | string[]>, string]>([
    ["a limit of 0", { limit: "0" }, "limit: limit must be an integer between 1 and 1000"],
    ["a limit over 1000", { limit: "1001" }, "limit: limit must be an integer between 1 and 1000"],
    ["an offset over 100000", { offset: "100001" }, "offset: offset must be an integer between 0 and 100000"],
    ["an empty contains", { contains: "" }, containsMessage],
    ["contains of 16 characters", { contains: "1234567890123456" }, containsMessage],
    ["contains with a dash", { contains: "12-34" }, containsMessage],
    ["contains with two +", { contains: "++12" }, containsMessage],
    ["contains with a space inside", { contains: "1 2" }, containsMessage],
    ["contains with text after it", { contains: "12\n" }, containsMessage],
    ["contains with a letter outside ASCII", { contains: "É" }, containsMessage],
    [
      "an empty starts_with",
      { starts_with: "" },
      "starts_with: starts_with must be 1 to 15 digits, optionally after a leading +",
    ],
    [
      "letters in starts_with",
      { starts_with: "1A" },
      "starts_with: starts_with must be 1 to 15 digits, optionally after a leading +",
    ],
    ["a + in ends_with", { ends_with: "+1" }, "ends_with: ends_with must be 1 to 15 digits"],
    [
      "ends_with of 16 digits",
      { ends_with: "1234567890123456" },
      "ends_with: ends_with must be 1 to 15 digits",
    ],
    [
      "starts_with with text before it",
      { starts_with: "x1" },
      "starts_with: starts_with must be 1 to 15 digits, optionally after a leading +",
    ],
    [
      "a region with a space",
      { region: "US NY" },
      "region: region must be a region id such as US-NY-NEW_YORK-212",
    ],
    ["an empty region", { region: "" }, "region: region must be a region id such as US-NY-NEW_YORK-212"],
    [
      "a region of 65 characters",
      { region: "R".repeat(65) },
      "region: region must be a region id such as US-NY-NEW_YORK-212",
    ],
    [
      "a region with text after it",
      { region: "GB\n" },
      "region: region must be a region id such as US-NY-NEW_YORK-212",
    ],
    ["a flag that is a word", { sms_enabled: "yes" }, "sms_enabled: sms_enabled must be true, false, 1 or 0"],
    [
      "voice_enabled that is empty",
      { voice_enabled: "" },
      "voice_enabled: voice_enabled must be true, false, 1 or 0",
    ],
    [
      "exclude_all_documents_required in capitals",
      { exclude_all_documents_required: "TRUE" },
      "exclude_all_documents_required: exclude_all_documents_required must be true, false, 1 or 0",
    ],
    [
      "an empty document list",
      { exclude_documents: " , " },
      "exclude_documents: exclude_documents must name at least one document type id",
    ],
    ["an unknown parameter", { country: "GB" }, ': Unrecognized key: "country"'],
  ])("%s", (_label, query, issue) => {
    expect(parse(query)).toEqual({ issue });
  });
});

describe("inventoryNumberSchema (a number in GET /inventory's answer)", () => {
  const number = {
    number_e164: "+442079460001",
    number_local_format: "2079460001",
    country: "GB",
    number_type: "local",
    region: "GB-ENG-LONDON-20",
    required_documents: [
      { document_type_id: "proof_of_address", name: "Proof of address", more_information: "A utility bill" },
    ],
    standard_capacity: "2",
    geographic_restrictions: "none",
    mobile_accessible: "yes",
    outside_country_display: "yes",
    portable: "yes",
    capabilities: { sms: true, voice: false },
    activatable_now: false,
    covering_bundle_id: null,
    activation_note:
      "Needs Proof of address; no approved bundle of yours is for GB local numbers: bought now, it would wait pending documents until a bundle that covers them is approved.",
  };

  it("keeps every documented field and drops any other", () => {
    expect(
      inventoryNumberSchema.parse({ ...number, id: 7, capabilities: { ...number.capabilities, mms: true } }),
    ).toEqual(number);
  });

  it("is the OpenAPI component InventoryNumber, with its fields described", () => {
    expect(inventoryNumberSchema.meta()).toEqual({ id: "InventoryNumber" });
    expect(Object.keys(inventoryNumberSchema.shape)).toEqual([...Object.keys(number), "held_until"]);
    expect(inventoryNumberSchema.shape.number_e164.description).toBe("E.164, e.g. +12125550123");
    expect(inventoryNumberSchema.shape.number_local_format.description).toBe(
      "National significant number, digits only",
    );
  });
});

// The OpenAPI document's query parameters are generated from these schemas: the descriptions,
// patterns and examples below are what generated clients and the /docs page show.
describe("inventoryQuerySchema as documented", () => {
  it("describes every parameter with its pattern, bounds, example and meaning", () => {
    const json = z.toJSONSchema(inventoryQuerySchema, { io: "input", unrepresentable: "any" });
    expect(json.properties).toMatchInlineSnapshot(`
      {
        "activatable_now": {
          "description": "true: only numbers that would be active as soon as bought — they need no document, or an approved compliance bundle of yours covers the documents they need; false: only the others (bought, they would wait pending documents).",
          "enum": [
            "0",
            "1",
            "true",
            "false",
          ],
          "type": "string",
          "x-parameter-schema": {
            "description": "true or false; 1 and 0 are read the same.",
            "enum": [
              "true",
              "false",
              "1",
              "0",
            ],
            "type": "string",
          },
        },
        "contains": {
          "pattern": "^[+ ]?[0-9A-Za-z]{1,15}$",
          "type": "string",
          "x-parameter-schema": {
            "description": "1 to 15 digits found anywhere in the number; letters are read as on a phone keypad (CALL = 2255). After a leading +, the country's calling code followed by its trunk prefix, as in +44 (0)20 written without signs (+44020), also finds +4420….",
            "examples": [
              "212",
            ],
            "pattern": "^[+ ]?[0-9A-Za-z]{1,15}$",
            "type": "string",
          },
        },
        "ends_with": {
          "pattern": "^\\d{1,15}$",
          "type": "string",
          "x-parameter-schema": {
            "description": "1 to 15 digits the national number ends with.",
            "pattern": "^\\d{1,15}$",
            "type": "string",
          },
        },
        "exclude_all_documents_required": {
          "description": "true: only numbers that require no documents.",
          "enum": [
            "0",
            "1",
            "true",
            "false",
          ],
          "type": "string",
          "x-parameter-schema": {
            "description": "true or false; 1 and 0 are read the same.",
            "enum": [
              "true",
              "false",
              "1",
              "0",
            ],
            "type": "string",
          },
        },
        "exclude_documents": {
          "anyOf": [
            {
              "type": "string",
            },
            {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
          ],
          "x-parameter-schema": {
            "description": "Document type ids (GET /document_types): drop numbers that require any of them. Repeat the parameter or separate ids with commas.",
            "explode": true,
            "items": {
              "type": "string",
            },
            "minItems": 1,
            "type": "array",
          },
        },
        "limit": {
          "description": "Page size.",
          "pattern": "^\\d{1,9}$",
          "type": "string",
          "x-parameter-schema": {
            "default": 50,
            "maximum": 1000,
            "minimum": 1,
            "type": "integer",
          },
        },
        "offset": {
          "description": "Numbers to skip.",
          "pattern": "^\\d{1,9}$",
          "type": "string",
          "x-parameter-schema": {
            "default": 0,
            "maximum": 100000,
            "minimum": 0,
            "type": "integer",
          },
        },
        "region": {
          "pattern": "^[A-Za-z0-9_-]{1,64}$",
          "type": "string",
          "x-parameter-schema": {
            "description": "A region id (GET /regions/{country})",
            "examples": [
              "US-NY-NEW_YORK-212",
            ],
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "type": "string",
          },
        },
        "sms_enabled": {
          "description": "Only numbers whose SMS capability equals it.",
          "enum": [
            "0",
            "1",
            "true",
            "false",
          ],
          "type": "string",
          "x-parameter-schema": {
            "description": "true or false; 1 and 0 are read the same.",
            "enum": [
              "true",
              "false",
              "1",
              "0",
            ],
            "type": "string",
          },
        },
        "starts_with": {
          "description": "Digits the national number starts with, with or without the trunk prefix (020 or 20 in GB); after a leading +, digits the E.164 number starts with (country code first; a trunk prefix after it, +44020, is read as +4420). A + with another country's calling code is refused (400), since it can match nothing.",
          "pattern": "^[+ ]?\\d{1,15}$",
          "type": "string",
        },
        "voice_enabled": {
          "description": "Only numbers whose voice capability equals it.",
          "enum": [
            "0",
            "1",
            "true",
            "false",
          ],
          "type": "string",
          "x-parameter-schema": {
            "description": "true or false; 1 and 0 are read the same.",
            "enum": [
              "true",
              "false",
              "1",
              "0",
            ],
            "type": "string",
          },
        },
      }
    `);
  });

  it("describes held_until on an inventory number", () => {
    expect(inventoryNumberSchema.shape.held_until.description).toBe(
      "ISO 8601; present only on numbers your organization holds (POST /reservations): the hold ends then",
    );
  });
});
