import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { formatNational } from "@/lib/reference/phone";
import {
  bad,
  e164,
  expectedIds,
  ids,
  loadSeededNumbers,
  type ListBody,
  type Row,
} from "@/app/api/v2/numbers/numbers-fixtures";

// GET /numbers: contains, matched on digits as people write them, and paging (docs/CONTRACT.md §8).

beforeAll(loadSeededNumbers);

describe("GET /numbers?contains: digits as people write them (docs/CONTRACT.md §8)", () => {
  const digitsOf = (text: string) => text.replace(/\D/g, "");
  // The oracle: the digits of the E.164 number, the extension, or the national format as
  // libphonenumber writes it (the trunk prefix included), not the SQL the endpoint runs.
  const holds = (row: Row, digits: string) =>
    digitsOf(row.number).includes(digits) ||
    (row.number.startsWith("+") && digitsOf(formatNational(row.number)).includes(digits));
  const acme = (digits: string) =>
    expectedIds((row) => row.organizationId === "org_acme" && holds(row, digits));

  it.each([
    {
      name: "the national format, US",
      text: () => formatNational(e164.num_acme_new_york),
      id: "num_acme_new_york",
    },
    {
      name: "the national format with the trunk 0, UK",
      text: () => formatNational(e164.num_acme_main),
      id: "num_acme_main",
    },
    {
      name: "the international format with spaces",
      text: () => `+${e164.num_acme_berlin.slice(1, 3)} ${e164.num_acme_berlin.slice(3)}`,
      id: "num_acme_berlin",
    },
    { name: "the E.164 number", text: () => e164.num_acme_manchester, id: "num_acme_manchester" },
    { name: "the last four digits", text: () => e164.num_acme_main.slice(-4), id: "num_acme_main" },
    {
      name: "dashes and dots",
      text: () =>
        e164.num_acme_new_york
          .slice(-7)
          .replace(/^(\d{3})/, "$1-")
          .replace(/-(\d{2})/, "-$1."),
      id: "num_acme_new_york",
    },
  ])("finds $name", async ({ text, id }) => {
    const digits = digitsOf(text());
    const expected = acme(digits);
    expect(expected).toContain(id);
    expect(await ids(`/numbers?contains=${encodeURIComponent(text())}`, "acmeAll")).toEqual(expected);
  });

  it("reads an unencoded + as the + it was", async () => {
    expect(await ids(`/numbers?contains=${e164.num_acme_main}`, "acmeAll")).toEqual(["num_acme_main"]);
  });

  it("finds the trunk prefix only where the national format has it", async () => {
    const expected = acme("020");
    expect(expected).toContain("num_acme_main");
    expect(await ids("/numbers?contains=020", "acmeAll")).toEqual(expected);
    // "0" then the area code: UK and German numbers, never the US one, whose national format has no 0 in front.
    expect(
      await ids(
        `/numbers?contains=${digitsOf(formatNational(e164.num_acme_new_york)).slice(0, 3)}`,
        "acmeAll",
      ),
    ).toContain("num_acme_new_york");
  });

  it("matches extensions", async () => {
    expect(await ids("/numbers?contains=204", "acmeAll")).toEqual(acme("204"));
    expect(acme("204")).toContain("num_acme_ext_2040");
  });

  it("keeps other organizations out, and narrows with the other parameters", async () => {
    expect(await ids(`/numbers?contains=${encodeURIComponent(e164.num_globex_hq)}`, "acmeAll")).toEqual([]);
    expect(await ids(`/numbers?contains=${encodeURIComponent(e164.num_globex_hq)}`, "support")).toEqual([
      "num_globex_hq",
    ]);
    expect(await ids(`/numbers?contains=${e164.num_acme_main.slice(-4)}&name=manchester`, "acmeAll")).toEqual(
      acme(e164.num_acme_main.slice(-4)).filter((id) => id === "num_acme_manchester"),
    );
  });

  const message =
    "contains must hold 1 to 15 digits, written in any format such as (212) 202-7333 or +44 20 4903";
  it.each([
    ["contains=", bad(message, "query.contains=")],
    ["contains=abc", bad(message, "query.contains=abc")],
    ["contains=%2B", bad(message, "query.contains=+")],
    ["contains=()-", bad(message, "query.contains=")],
    ["contains=1234567890123456", bad(message, "query.contains=1234567890123456")],
    ["contains=12%2B34", bad(message, "query.contains=12+34")],
    ["contains=1&contains=2", bad("contains must be given once", 'query.contains=["1","2"]')],
    ["limit=0", bad("limit must be an integer between 1 and 1000", "query.limit=0")],
    ["limit=1001", bad("limit must be an integer between 1 and 1000", "query.limit=1001")],
    ["limit=ten", bad("limit must be an integer between 1 and 1000", "query.limit=ten")],
    ["offset=-1", bad("offset must be an integer between 0 and 100000", "query.offset=-1")],
  ])("GET /numbers?%s → 400", async (query, body) => {
    const response = await get(`/numbers?${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });
});

describe("GET /numbers: paging (docs/CONTRACT.md §8)", () => {
  it("answers 100 by default with the total, and no Link when one page holds them all", async () => {
    const expected = expectedIds(() => true);
    const response = await get<ListBody>("/numbers", { token: "support" });
    expect(response.body.data.map((c) => c.number_id)).toEqual(expected.slice(0, 100));
    expect(response.headers.get("x-total-count")).toBe(String(expected.length));
    expect(response.headers.get("link")).toBe(
      expected.length > 100
        ? '<http://localhost:3000/api/v2/numbers?limit=100&offset=100>; rel="next"'
        : null,
    );
  });

  it("pages with limit and offset, keeping the filters in Link", async () => {
    const expected = expectedIds((row) => row.organizationId === "org_acme");
    const response = await get<ListBody>("/numbers?organization_id=org_acme&limit=3&offset=3", {
      token: "support",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((c) => c.number_id)).toEqual(expected.slice(3, 6));
    expect(response.headers.get("x-total-count")).toBe(String(expected.length));
    expect(response.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/numbers?organization_id=org_acme&limit=3&offset=6>; rel="next", <http://localhost:3000/api/v2/numbers?organization_id=org_acme&limit=3&offset=0>; rel="prev"',
    );
  });

  it("answers an offset past the end with an empty page and the total", async () => {
    const response = await get<ListBody>("/numbers?offset=100000", { token: "acmeAll" });
    expect(response.body).toEqual({ data: [] });
    expect(response.headers.get("x-total-count")).toBe(
      String(expectedIds((row) => row.organizationId === "org_acme").length),
    );
  });
});
