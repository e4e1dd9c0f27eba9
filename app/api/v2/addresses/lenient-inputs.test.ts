import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";

// An end user's phone and an address's country are checked for what they are, not only their
// shape: a country code no country has and a phone that is no number are refused, storing nothing.

const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const address = { street: "1 Example Street", city: "London", postal_code: "SW1A 1AA" };
const COUNTRY_RULE = "country must be an assigned ISO 3166-1 alpha-2 code";
const PHONE_RULE = "phone must be a valid international number, e.g. +442079460123";

describe("POST /addresses and /end_users refuse lenient inputs", () => {
  it.each([
    ["ZZ", "ZZ"],
    ["zz", "ZZ"],
    ["XX", "XX"],
  ])("refuses an address in country %s with 400 (details show it upper case)", async (country, shown) => {
    const prisma = await getPrisma();
    const before = await prisma.complianceAddress.count();
    const response = await api("POST", "/addresses", { token: "acmeAll", body: { ...address, country } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(bad(COUNTRY_RULE, `body.country=${shown}`));
    expect(await prisma.complianceAddress.count()).toBe(before);
  });

  it("takes an address in any assigned country, sold in or not (fr → FR)", async () => {
    const response = await api<{ data: { country: string } }>("POST", "/addresses", {
      token: "acmeAll",
      body: { ...address, country: "fr" },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.country).toBe("FR");
  });

  it.each([["x"], ["12"], ["+1 555"], ["02079460123"]])(
    "refuses an end user whose phone is %j with 400",
    async (phone) => {
      const prisma = await getPrisma();
      const before = await prisma.endUser.count();
      const response = await api("POST", "/end_users", {
        token: "acmeAll",
        body: { type: "individual", name: "Ada", phone },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(bad(PHONE_RULE, `body.phone=${phone}`));
      expect(await prisma.endUser.count()).toBe(before);
    },
  );

  it("keeps a valid phone as E.164, however it was spaced", async () => {
    const response = await api<{ data: { end_user_id: string; phone: string } }>("POST", "/end_users", {
      token: "acmeAll",
      body: { type: "individual", name: "Ada", phone: "+44 (20) 7946-0123" },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.phone).toBe("+442079460123");
    const changed = await api("PATCH", `/end_users/${response.body.data.end_user_id}`, {
      token: "acmeAll",
      body: { phone: "x" },
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual(bad(PHONE_RULE, "body.phone=x"));
  });
});
