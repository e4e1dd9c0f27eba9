import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getDatabase } from "@/lib/db/client";
import { errorBody } from "@/tests/error-body";

type ProductMap = Record<string, Record<string, Record<string, Array<Record<string, unknown>>>>>;

const err = errorBody;
const bad = (code: string, message: string, details: string) => err("Bad Request", code, message, details);

type Row = {
  id: number;
  name: string;
  country_id: string;
  number_type_id: string;
  region_id: string;
  sort_order: number;
  currency: string;
  monthly_fee: string;
  setup_fee: string;
  included_minutes: number;
  fixed: string;
  mobile: string;
  standard_capacity: string;
  estimated_lead_time: string;
  geographic_restrictions: string;
  mobile_accessible: string;
  outside_country_display: string;
  portable: string;
  documents: Array<{ id: string; name: string; more_information: string }>;
};

// The expected answer, built from the database's own text of each amount: NUMERIC(12,2)
// prints "4.50", and nothing is "0".
const amount = (text: string) => (/^0\.0+$/.test(text) ? "0" : text);

let rows: Row[];
beforeAll(async () => {
  const { sql } = await getDatabase();
  rows = await sql.query<Row>(`
    SELECT p.id, p.name, p.country_id, p.number_type_id, p.region_id, t.sort_order, p.currency,
           p.monthly_fee::text AS monthly_fee, p.setup_fee::text AS setup_fee, p.included_minutes,
           p.overage_fixed_rate_per_minute::text AS fixed, p.overage_mobile_rate_per_minute::text AS mobile,
           p.standard_capacity, p.estimated_lead_time, p.geographic_restrictions, p.mobile_accessible,
           p.outside_country_display, p.portable,
           coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'more_information', d.more_information) ORDER BY d.id)
                     FROM product_document pd JOIN document_type d ON d.id = pd.document_type_id WHERE pd.product_id = p.id), '[]') AS documents
    FROM product p JOIN number_type t ON t.id = p.number_type_id`);
});

function expectedMap(filter: (row: Row) => boolean): ProductMap {
  const map: ProductMap = {};
  const selected = rows
    .filter(filter)
    .sort(
      (a, b) =>
        a.sort_order - b.sort_order ||
        (a.region_id < b.region_id ? -1 : a.region_id > b.region_id ? 1 : a.id - b.id),
    );
  for (const row of selected) {
    map[row.country_id] ??= {};
    map[row.country_id][row.number_type_id] ??= {};
    (map[row.country_id][row.number_type_id][row.region_id] ??= []).push({
      id: String(row.id),
      name: row.name,
      currency: row.currency,
      monthly_fee: amount(row.monthly_fee),
      setup_fee: amount(row.setup_fee),
      included_minutes: String(row.included_minutes),
      overage_fixed_rate_per_minute: amount(row.fixed),
      overage_mobile_rate_per_minute: amount(row.mobile),
      required_documents: row.documents.map((document) => ({
        document_type_id: document.id,
        name: document.name,
        more_information: document.more_information,
      })),
      standard_capacity: row.standard_capacity,
      estimated_lead_time: row.estimated_lead_time,
      geographic_restrictions: row.geographic_restrictions,
      mobile_accessible: row.mobile_accessible,
      outside_country_display: row.outside_country_display,
      portable: row.portable,
    });
  }
  return map;
}

describe("GET /products", () => {
  it("nests a country's products by number type and region, in the reference order of types", async () => {
    const response = await get<ProductMap>("/products/gb", { token: "acmeAll" });
    expect(response.status).toBe(200);
    const expected = expectedMap((row) => row.country_id === "GB");
    expect(response.body).toEqual(expected);
    expect(Object.keys(response.body.GB)).toEqual(Object.keys(expected.GB));
    expect(Object.keys(response.body.GB).length).toBeGreaterThan(1);
  });

  it("narrows to a number type", async () => {
    const response = await get<ProductMap>("/products/US/toll_free", { token: "acmeAll" });
    expect(response.body).toEqual(
      expectedMap((row) => row.country_id === "US" && row.number_type_id === "toll_free"),
    );
    expect(Object.keys(response.body.US)).toEqual(["toll_free"]);
  });

  it("narrows to a region", async () => {
    const response = await get<ProductMap>("/products/US/local/US-NY-NEW_YORK-212", { token: "acmeAll" });
    expect(response.body).toEqual(expectedMap((row) => row.region_id === "US-NY-NEW_YORK-212"));
    expect(Object.keys(response.body.US.local)).toEqual(["US-NY-NEW_YORK-212"]);
  });

  it("keeps declared string types and exact amounts, with a currency", async () => {
    const response = await get<ProductMap>("/products/DE", { token: "acmeAll" });
    const products = Object.values(response.body.DE).flatMap((regions) => Object.values(regions).flat());
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.id).toMatch(/^\d+$/);
      expect(product.monthly_fee).toMatch(/^(0|\d+\.\d\d)$/);
      expect(product.setup_fee).toMatch(/^(0|\d+\.\d\d)$/);
      expect(product.included_minutes).toMatch(/^\d+$/);
      expect(product.overage_fixed_rate_per_minute).toMatch(/^(0|\d+\.\d{4})$/);
      expect(product.overage_mobile_rate_per_minute).toMatch(/^(0|\d+\.\d{4})$/);
      expect(product.currency).toBe("EUR");
    }
    expect(products.some((product) => product.setup_fee === "0")).toBe(true);
  });

  // A map of the country alone, each level holding something and each leaf a product; an
  // error body (or any other shape) fails on the status and on the first key.
  it.each(["US", "GB", "DE", "FR", "AU"])("never answers an empty level (%s)", async (country) => {
    const response = await get<ProductMap>(`/products/${country}`, { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual([country]);
    const types = response.body[country];
    expect(Object.keys(types).length).toBeGreaterThan(0);
    for (const regions of Object.values(types)) {
      expect(Object.keys(regions).length).toBeGreaterThan(0);
      for (const products of Object.values(regions)) {
        expect(products.length).toBeGreaterThan(0);
        for (const product of products) expect(product.id).toMatch(/^\d+$/);
      }
    }
  });

  it.each([
    ["/products/ZZ", bad("unknown_country", "No numbers are sold in country ZZ.", "country=ZZ")],
    [
      "/products/GBR",
      bad("invalid_parameter", "country must be a two-letter ISO 3166-1 code", "path.country=GBR"),
    ],
    [
      "/products/US/premium",
      bad("unknown_number_type", "Unknown number type 'premium'.", "number_type=premium"),
    ],
    [
      "/products/US/local/US-XX-NOWHERE-999",
      bad("unknown_region", "Unknown region 'US-XX-NOWHERE-999' in US.", "region=US-XX-NOWHERE-999"),
    ],
    [
      "/products/US/local/GB-ENG-LONDON-20",
      bad("unknown_region", "Unknown region 'GB-ENG-LONDON-20' in US.", "region=GB-ENG-LONDON-20"),
    ],
    [
      "/products/US/toll_free/US-NY-NEW_YORK-212",
      bad(
        "unknown_region",
        "Region 'US-NY-NEW_YORK-212' has no toll_free numbers; it is a local region.",
        "region=US-NY-NEW_YORK-212",
      ),
    ],
    [
      "/products/US/local/bad%20region",
      bad(
        "invalid_parameter",
        "region must be a region id such as US-NY-NEW_YORK-212",
        "path.region=bad region",
      ),
    ],
    [
      "/products/US?currency=EUR",
      bad("invalid_parameter", "unknown query parameter: currency", "query.currency"),
    ],
  ])("GET %s → 400", async (path, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.body).toEqual(body);
    expect(response.status).toBe(400);
  });

  it("needs the products:read scope", async () => {
    const response = await get("/products/US", { token: "acmeInventoryOnly" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'products:read' scope.",
        "required_scope=products:read",
      ),
    );
  });
});
