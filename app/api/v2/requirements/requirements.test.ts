import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";

type Requirements = {
  data: {
    country: string;
    number_type: string;
    regions: {
      region_id: string;
      region_name: string;
      document_types: { id: string; name: string; applies_to: string }[];
      address_in_country: boolean;
    }[];
  };
};

describe("GET /requirements/{country}/{number_type}", () => {
  it("lists German local numbers' address documents for every region, any case in", async () => {
    const response = await get<Requirements>("/requirements/de/local", { token: "acmeAll" });
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data.country).toBe("DE");
    expect(data.number_type).toBe("local");
    expect(data.regions.length).toBeGreaterThan(0);
    for (const region of data.regions) {
      expect(region.region_id.startsWith("DE-")).toBe(true);
      expect(region.document_types).toEqual([
        { id: "local_address", name: "Address in the area", applies_to: "every_number" },
        { id: "proof_of_address", name: "Proof of address", applies_to: "every_number" },
      ]);
      expect(region.address_in_country).toBe(true);
    }
    const names = data.regions.map((region) => region.region_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("asks a company registration for German toll-free numbers, and no address", async () => {
    const response = await get<Requirements>("/requirements/DE/toll_free", { token: "acmeAll" });
    expect(response.status).toBe(200);
    for (const region of response.body.data.regions) {
      expect(region.document_types).toEqual([
        { id: "company_registration", name: "Company registration extract", applies_to: "every_number" },
      ]);
      expect(region.address_in_country).toBe(false);
    }
  });

  it("says which US local regions need no document, and which numbers alone need an address", async () => {
    const response = await get<Requirements>("/requirements/US/local", { token: "acmeAll" });
    expect(response.status).toBe(200);
    const regions = response.body.data.regions;
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) {
      expect(region.document_types.every((type) => type.applies_to === "some_numbers")).toBe(true);
      expect(region.document_types.map((type) => type.id)).toEqual(
        region.document_types.length === 0 ? [] : ["proof_of_address"],
      );
    }
  });

  it.each([
    [
      "/requirements/XX/local",
      errorBody("Bad Request", "unknown_country", "No numbers are sold in country XX.", "country=XX"),
    ],
    [
      "/requirements/DE/national",
      errorBody(
        "Bad Request",
        "unknown_number_type",
        "DE sells no national numbers.",
        "number_type=national",
      ),
    ],
  ])("%s → 400", async (path, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it("needs compliance:read", async () => {
    const response = await get("/requirements/DE/local", { token: "acmeInventoryOnly" });
    expect(response.status).toBe(401);
    expect((response.body as { error: { code: string } }).error.code).toBe("insufficient_scope");
  });
});
