import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  inventoryNumberSchema,
  inventoryQuerySchema,
  loadInventorySchemas,
} from "@/lib/schemas/inventory-schemas";

beforeAll(loadInventorySchemas);

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
