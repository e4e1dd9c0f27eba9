import { beforeAll, describe, expect, it } from "vitest";
import {
  inventoryNumberSchema,
  inventoryQuerySchema,
  loadInventorySchemas,
} from "@/lib/schemas/inventory-schemas";

beforeAll(loadInventorySchemas);

// GET /inventory's query, as the route parses it (docs/CONTRACT.md §5): what each parameter becomes,
// and the first issue with its path and message for what is refused. How the schemas are
// documented in OpenAPI is in inventory-documented.test.ts.

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
