import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { InventoryNumber as Stocked, Region } from "@/lib/generated/prisma/client";

type Item = {
  number_e164: string;
  number_local_format: string;
  country: string;
  number_type: string;
  region: string;
  required_documents: Array<{ document_type_id: string }>;
  capabilities: { sms: boolean; voice: boolean };
};

type Filters = {
  country: string;
  numberType?: string;
  region?: string;
  contains?: { sent: string; digits: string };
  startsWith?: string;
  endsWith?: string;
  sms?: boolean;
  voice?: boolean;
  noDocuments?: boolean;
  excludeDocuments?: string[];
  limit: number;
  offset: number;
};

// Written apart from the implementation: the letters of each key, and E.164 digits = the
// number without its plus.
const KEYS: Record<string, string> = {
  2: "abc",
  3: "def",
  4: "ghi",
  5: "jkl",
  6: "mno",
  7: "pqrs",
  8: "tuv",
  9: "wxyz",
};

let all: Stocked[];
let regions: Region[];
let documentIds: string[];
beforeAll(async () => {
  const prisma = await getPrisma();
  all = await prisma.inventoryNumber.findMany();
  regions = await prisma.region.findMany({ where: { countryId: { in: ["US", "GB", "DE"] } } });
  documentIds = (await prisma.documentType.findMany()).map((type) => type.id);
});

// GB and DE write national numbers after a trunk 0 ("020…"), which the stored national
// number does not hold: a start typed with it means the rest (the 0 alone, any number).
const TRUNK: Record<string, string> = { US: "", GB: "0", DE: "0" };

function startsAs(row: Stocked, typed: string): boolean {
  const trunk = TRUNK[row.countryId];
  if (row.nationalNumber.startsWith(typed)) return true;
  return trunk !== "" && typed.startsWith(trunk) && row.nationalNumber.startsWith(typed.slice(trunk.length));
}

function matches(row: Stocked, filters: Filters): boolean {
  if (row.status !== "available" || row.countryId !== filters.country) return false;
  if (filters.numberType !== undefined && row.numberTypeId !== filters.numberType) return false;
  if (filters.region !== undefined && row.regionId !== filters.region) return false;
  if (
    filters.contains &&
    !row.nationalNumber.includes(filters.contains.digits) &&
    !row.numberE164.slice(1).includes(filters.contains.digits)
  )
    return false;
  if (filters.startsWith !== undefined && !startsAs(row, filters.startsWith)) return false;
  if (filters.endsWith !== undefined && !row.nationalNumber.endsWith(filters.endsWith)) return false;
  if (filters.sms !== undefined && row.smsEnabled !== filters.sms) return false;
  if (filters.voice !== undefined && row.voiceEnabled !== filters.voice) return false;
  if (filters.noDocuments && row.requiredDocumentIds.length > 0) return false;
  if (
    filters.excludeDocuments &&
    row.requiredDocumentIds.some((id) => filters.excludeDocuments?.includes(id))
  )
    return false;
  return true;
}

function itemMatches(item: Item, filters: Filters): boolean {
  const documents = item.required_documents.map((document) => document.document_type_id);
  const digits = item.number_e164.slice(1);
  return (
    item.country === filters.country &&
    (filters.numberType === undefined || item.number_type === filters.numberType) &&
    (filters.region === undefined || item.region === filters.region) &&
    (!filters.contains ||
      item.number_local_format.includes(filters.contains.digits) ||
      digits.includes(filters.contains.digits)) &&
    // The trunk 0 alone means any number, also one whose local format is written without it.
    (filters.startsWith === undefined ||
      filters.startsWith === TRUNK[item.country] ||
      item.number_local_format.startsWith(filters.startsWith)) &&
    (filters.endsWith === undefined || item.number_local_format.endsWith(filters.endsWith)) &&
    (filters.sms === undefined || item.capabilities.sms === filters.sms) &&
    (filters.voice === undefined || item.capabilities.voice === filters.voice) &&
    (!filters.noDocuments || documents.length === 0) &&
    (!filters.excludeDocuments || !documents.some((id) => filters.excludeDocuments?.includes(id)))
  );
}

function toQuery(filters: Filters, spellings: { truthy: string; falsy: string; comma: boolean }): string {
  const params = new URLSearchParams({ limit: String(filters.limit), offset: String(filters.offset) });
  const flag = (value: boolean) => (value ? spellings.truthy : spellings.falsy);
  if (filters.region !== undefined) params.set("region", filters.region);
  if (filters.contains) params.set("contains", filters.contains.sent);
  if (filters.startsWith !== undefined) params.set("starts_with", filters.startsWith);
  if (filters.endsWith !== undefined) params.set("ends_with", filters.endsWith);
  if (filters.sms !== undefined) params.set("sms_enabled", flag(filters.sms));
  if (filters.voice !== undefined) params.set("voice_enabled", flag(filters.voice));
  if (filters.noDocuments !== undefined)
    params.set("exclude_all_documents_required", flag(filters.noDocuments));
  if (filters.excludeDocuments) {
    if (spellings.comma) params.set("exclude_documents", filters.excludeDocuments.join(","));
    else for (const id of filters.excludeDocuments) params.append("exclude_documents", id);
  }
  const path =
    filters.numberType === undefined
      ? `/inventory/${filters.country}`
      : `/inventory/${filters.country}/${filters.numberType}`;
  return `${path}?${params}`;
}

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

function filtersArbitrary(): fc.Arbitrary<Filters> {
  const contains = fc.oneof(
    digitString(1, 3).map((digits) => ({ sent: digits, digits })),
    digitString(1, 3).map((digits) => ({ sent: `+${digits}`, digits })),
    fc
      .array(fc.constantFrom(..."23456789"), { minLength: 1, maxLength: 3 })
      .chain((keys) =>
        fc
          .tuple(...keys.map((key) => fc.constantFrom(...KEYS[key])))
          .map((letters) => ({ sent: letters.join(""), digits: keys.join("") })),
      ),
  );
  return fc
    .record({
      country: fc.constantFrom("US", "GB", "DE"),
      scope: fc.constantFrom("country", "type", "region"),
      pick: fc.nat(),
      contains: fc.option(contains, { nil: undefined }),
      startsWith: fc.option(digitString(1, 3), { nil: undefined }),
      endsWith: fc.option(digitString(1, 2), { nil: undefined }),
      sms: fc.option(fc.boolean(), { nil: undefined }),
      voice: fc.option(fc.boolean(), { nil: undefined }),
      noDocuments: fc.option(fc.boolean(), { nil: undefined }),
      excludeDocuments: fc.option(fc.subarray(documentIds, { minLength: 1, maxLength: 3 }), {
        nil: undefined,
      }),
      limit: fc.integer({ min: 1, max: 40 }),
      offset: fc.integer({ min: 0, max: 60 }),
    })
    .map(({ scope, pick, ...rest }) => {
      const own = regions
        .filter((region) => region.countryId === rest.country)
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const region = own[pick % own.length];
      if (scope === "country") return rest;
      if (scope === "type") return { ...rest, numberType: region.numberTypeId };
      // A region may come with or without its type in the path.
      return { ...rest, region: region.id, numberType: pick % 2 === 0 ? region.numberTypeId : undefined };
    });
}

describe("GET /inventory: property", () => {
  it("returns only numbers that pass every filter, the right page, and the true total", async () => {
    const spellings = fc.record({
      truthy: fc.constantFrom("true", "1"),
      falsy: fc.constantFrom("false", "0"),
      comma: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), spellings, async (filters, spelling) => {
        const response = await get<Item[]>(toQuery(filters, spelling), { token: "acmeAll" });
        expect(response.status).toBe(200);
        const expected = all
          .filter((row) => matches(row, filters))
          .map((row) => row.numberE164)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        for (const item of response.body) expect(itemMatches(item, filters)).toBe(true);
        expect(response.headers.get("x-total-count")).toBe(String(expected.length));
        expect(response.body.map((item) => item.number_e164)).toEqual(
          expected.slice(filters.offset, filters.offset + filters.limit),
        );
      }),
      { numRuns: 150 },
    );
  });
});
