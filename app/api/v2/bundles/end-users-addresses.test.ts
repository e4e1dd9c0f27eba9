import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import {
  bad,
  berlin,
  createBundleParties,
  endUser,
  paris,
  proofBerlin,
} from "@/app/api/v2/bundles/bundle-fixtures";

// End users and addresses, the parties a compliance bundle's documents are about (docs/CONTRACT.md
// §17), through the API.

beforeAll(createBundleParties);

describe("end users and addresses", () => {
  it("refuses a business end user without business_name, storing nothing", async () => {
    const prisma = await getPrisma();
    const before = await prisma.endUser.count();
    const response = await api("POST", "/end_users", {
      token: "acmeAll",
      body: { type: "business", name: "Max" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad("business_name is required for an end user of type business", "body.business_name=(missing)"),
    );
    expect(await prisma.endUser.count()).toBe(before);
  });

  it("answers another organization's end user, address and document with 404", async () => {
    for (const path of [`/end_users/${endUser}`, `/addresses/${berlin}`, `/documents/${proofBerlin}`]) {
      const response = await get(path, { token: "globexAll" });
      expect(response.status).toBe(404);
      expect((response.body as { error: { code: string } }).error.code).toBe("not_found");
    }
    expect((await get(`/addresses/${berlin}`, { token: "acmeAll" })).status).toBe(200);
    expect((await get(`/documents/${proofBerlin}`, { token: "support" })).status).toBe(200);
  });

  it("lists the organization's own addresses, upper-case country", async () => {
    const response = await get<{ data: { address_id: string; country: string }[] }>("/addresses", {
      token: "acmeAll",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((address) => [address.address_id, address.country])).toEqual([
      [paris, "FR"],
      [berlin, "DE"],
    ]);
    expect(response.headers.get("x-total-count")).toBe("2");
  });
});
