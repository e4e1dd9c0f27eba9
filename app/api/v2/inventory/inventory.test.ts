import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { InventoryNumber as Stocked } from "@/lib/generated/prisma/client";
import { invalid } from "@/app/api/v2/inventory/inventory-errors";

// GET /inventory: the numbers it answers, their fields, paging and filters; the parameters it
// refuses are in inventory-parameters.test.ts.

type Item = {
  number_e164: string;
  number_local_format: string;
  country: string;
  number_type: string;
  region: string;
  required_documents: Array<{ document_type_id: string; name: string; more_information: string }>;
  capabilities: { sms: boolean; voice: boolean };
};

let available: Stocked[];
beforeAll(async () => {
  const prisma = await getPrisma();
  available = await prisma.inventoryNumber.findMany({ where: { status: "available" } });
});

const byNumber = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const expectedPage = (rows: Stocked[], limit = 50, offset = 0) =>
  rows
    .map((row) => row.numberE164)
    .sort(byNumber)
    .slice(offset, offset + limit);

describe("GET /inventory: results", () => {
  it("answers the first 50 available numbers of a country by number, with the count and a next link", async () => {
    const response = await get<Item[]>("/inventory/us", { token: "acmeInventoryOnly" });
    const us = available.filter((row) => row.countryId === "US");
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item.number_e164)).toEqual(expectedPage(us));
    expect(response.headers.get("x-total-count")).toBe(String(us.length));
    expect(response.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/inventory/us?limit=50&offset=50>; rel="next"',
    );
  });

  it("never lists a sold number", async () => {
    const prisma = await getPrisma();
    const sold = await prisma.inventoryNumber.findMany({ where: { status: "sold" } });
    expect(sold.length).toBeGreaterThan(0);
    for (const number of sold.slice(0, 5)) {
      const response = await get<Item[]>(
        `/inventory/${number.countryId}?contains=${number.numberE164.slice(1)}`,
        { token: "acmeAll" },
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect(response.headers.get("x-total-count")).toBe("0");
      expect(response.headers.get("link")).toBeNull();
    }
  });

  it("describes a number with exactly the spec's fields", async () => {
    const row = available.find((entry) => entry.requiredDocumentIds.length > 0) as Stocked;
    const prisma = await getPrisma();
    const documents = await prisma.documentType.findMany({ where: { id: { in: row.requiredDocumentIds } } });
    const response = await get<Item[]>(
      `/inventory/${row.countryId}/${row.numberTypeId}?contains=${encodeURIComponent(row.numberE164)}`,
      { token: "acmeAll" },
    );
    expect(response.body).toEqual([
      {
        number_e164: row.numberE164,
        number_local_format: row.nationalNumber,
        country: row.countryId,
        number_type: row.numberTypeId,
        region: row.regionId,
        required_documents: row.requiredDocumentIds.map((id) => {
          const type = documents.find((document) => document.id === id);
          return { document_type_id: id, name: type?.name, more_information: type?.moreInformation };
        }),
        standard_capacity: row.standardCapacity,
        geographic_restrictions: row.geographicRestrictions,
        mobile_accessible: row.mobileAccessible,
        outside_country_display: row.outsideCountryDisplay,
        portable: row.portable,
        capabilities: { sms: row.smsEnabled, voice: row.voiceEnabled },
        // docs/CONTRACT.md §17: Acme has no approved bundle, so a number needing documents would wait.
        activatable_now: false,
        covering_bundle_id: null,
        activation_note: `Needs ${row.requiredDocumentIds
          .map((id) => documents.find((document) => document.id === id)?.name)
          .join(
            ", ",
          )}; no approved bundle of yours is for ${row.countryId} ${row.numberTypeId.replaceAll("_", " ")} numbers: bought now, it would wait pending documents until a bundle that covers them is approved.`,
      },
    ]);
  });

  it("pages with limit and offset, linking both ways and keeping the other parameters", async () => {
    const gbLocalSms = available.filter(
      (row) => row.countryId === "GB" && row.numberTypeId === "local" && row.smsEnabled,
    );
    const response = await get<Item[]>("/inventory/GB/local?sms_enabled=1&limit=7&offset=14", {
      token: "acmeAll",
    });
    expect(response.body.map((item) => item.number_e164)).toEqual(expectedPage(gbLocalSms, 7, 14));
    expect(response.headers.get("x-total-count")).toBe(String(gbLocalSms.length));
    expect(response.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/inventory/GB/local?sms_enabled=1&limit=7&offset=21>; rel="next", ' +
        '<http://localhost:3000/api/v2/inventory/GB/local?sms_enabled=1&limit=7&offset=7>; rel="prev"',
    );
  });

  it("answers the last page with a prev link only, and a page past the end empty with the true count", async () => {
    const total = available.filter(
      (row) => row.countryId === "GB" && row.numberTypeId === "toll_free",
    ).length;
    const last = await get<Item[]>(`/inventory/GB/toll_free?limit=10&offset=${total - 3}`, {
      token: "acmeAll",
    });
    expect(last.body).toHaveLength(3);
    expect(last.headers.get("x-total-count")).toBe(String(total));
    expect(last.headers.get("link")).toBe(
      `<http://localhost:3000/api/v2/inventory/GB/toll_free?limit=10&offset=${total - 13}>; rel="prev"`,
    );
    const past = await get<Item[]>("/inventory/GB/toll_free?limit=10&offset=100000", { token: "acmeAll" });
    expect(past.body).toEqual([]);
    expect(past.headers.get("x-total-count")).toBe(String(total));
  });

  it("maps keypad letters to digits and ignores a leading +", async () => {
    const row = available.find(
      (entry) => entry.countryId === "US" && /[2-9]{4}$/.test(entry.numberE164),
    ) as Stocked;
    const digits = row.numberE164.slice(-4);
    const letters = [...digits].map((digit) => "  ADGJMPTW"[Number(digit)]).join("");
    const expected = expectedPage(
      available.filter((entry) => entry.countryId === "US" && entry.numberE164.includes(digits)),
    );
    // `+` unencoded arrives as a space, and is read as the + it was.
    for (const contains of [digits, letters, letters.toLowerCase(), `%2B${digits}`, `+${letters}`]) {
      const response = await get<Item[]>(`/inventory/US?contains=${contains}`, { token: "acmeAll" });
      expect(response.body.map((item) => item.number_e164)).toEqual(expected);
    }
    expect(expected).toContain(row.numberE164);
  });

  it("reads starts_with after a + from the country code, and without one from the national number", async () => {
    const international = expectedPage(
      available.filter((row) => row.countryId === "US" && row.numberE164.startsWith("+1212")),
      1000,
    );
    const national = expectedPage(
      available.filter((row) => row.countryId === "US" && row.nationalNumber.startsWith("212")),
      1000,
    );
    expect(international.length).toBeGreaterThan(0);
    expect(international).toEqual(national);
    for (const startsWith of ["%2B1212", "+1212"]) {
      const response = await get<Item[]>(`/inventory/US?starts_with=${startsWith}&limit=1000`, {
        token: "acmeAll",
      });
      expect(response.body.map((item) => item.number_e164)).toEqual(international);
    }
    const plain = await get<Item[]>("/inventory/US?starts_with=212&limit=1000", { token: "acmeAll" });
    expect(plain.body.map((item) => item.number_e164)).toEqual(national);
  });

  it("finds a number written with its trunk zero: +44 (0)20…, 020… and 20…", async () => {
    const row = available.find((entry) => entry.countryId === "GB" && entry.numberE164.startsWith("+4420"))!;
    const rest = row.numberE164.slice(3); // "20…", the national significant number
    // "+44 (0)20 7946 0000" as the portal sends it once spaces and brackets are gone.
    for (const query of [
      `contains=${encodeURIComponent(`+440${rest}`)}`,
      `starts_with=${encodeURIComponent(`+440${rest}`)}`,
      `starts_with=0${rest}`,
      `starts_with=${rest}`,
    ]) {
      const response = await get<Item[]>(`/inventory/GB?${query}`, { token: "acmeAll" });
      expect(response.status, query).toBe(200);
      expect(
        response.body.map((item) => item.number_e164),
        query,
      ).toEqual([row.numberE164]);
    }
    // Without the +, 440… is only digits to find anywhere: the 0 is not dropped.
    const digits = await get<Item[]>(`/inventory/GB?contains=440${rest}`, { token: "acmeAll" });
    expect(digits.body).toEqual([]);
  });

  it("says why a starts_with with another country's calling code cannot match", async () => {
    const response = await get("/inventory/GB/local?starts_with=%2B1212", { token: "acmeAll" });
    expect(response.body).toEqual(
      invalid(
        "starts_with +1212 cannot match: numbers of United Kingdom all start with +44",
        "query.starts_with=+1212",
      ),
    );
    // A start shorter than the calling code can still match.
    const short = await get<Item[]>("/inventory/GB?starts_with=%2B4&limit=1", { token: "acmeAll" });
    expect(short.status).toBe(200);
    expect(short.body).toHaveLength(1);
  });

  it("matches contains against the E.164 digits, including the country code", async () => {
    const response = await get<Item[]>("/inventory/GB?contains=4420&limit=1000", { token: "acmeAll" });
    const expected = expectedPage(
      available.filter((row) => row.countryId === "GB" && row.numberE164.slice(1).includes("4420")),
      1000,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(response.body.map((item) => item.number_e164)).toEqual(expected);
  });

  it("reads exclude_documents repeated or comma-separated alike", async () => {
    const excluded = ["local_address", "tax_id"];
    const expected = expectedPage(
      available.filter(
        (row) => row.countryId === "US" && !row.requiredDocumentIds.some((id) => excluded.includes(id)),
      ),
      1000,
    );
    const repeated = await get<Item[]>(
      "/inventory/US?limit=1000&exclude_documents=local_address&exclude_documents=tax_id",
      { token: "acmeAll" },
    );
    const comma = await get<Item[]>("/inventory/US?limit=1000&exclude_documents=local_address,%20tax_id", {
      token: "acmeAll",
    });
    expect(repeated.body.map((item) => item.number_e164)).toEqual(expected);
    expect(comma.body.map((item) => item.number_e164)).toEqual(expected);
  });

  it("keeps only numbers that need no documents with exclude_all_documents_required=true, and all with false", async () => {
    const us = available.filter((row) => row.countryId === "US");
    const none = await get<Item[]>("/inventory/US?limit=1000&exclude_all_documents_required=true", {
      token: "acmeAll",
    });
    expect(none.body.map((item) => item.number_e164)).toEqual(
      expectedPage(
        us.filter((row) => row.requiredDocumentIds.length === 0),
        1000,
      ),
    );
    const all = await get<Item[]>("/inventory/US?limit=1000&exclude_all_documents_required=false", {
      token: "acmeAll",
    });
    expect(all.body.map((item) => item.number_e164)).toEqual(expectedPage(us, 1000));
  });
});
