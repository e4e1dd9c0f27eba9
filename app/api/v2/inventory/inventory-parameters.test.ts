import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { bad, err, invalid } from "@/app/api/v2/inventory/inventory-errors";

// GET /inventory: each parameter it refuses, with the exact error body.

describe("GET /inventory: parameter errors", () => {
  const limitMessage = "limit must be an integer between 1 and 1000";
  const offsetMessage = "offset must be an integer between 0 and 100000";
  const containsMessage = "contains must be 1 to 15 digits or keypad letters, optionally after a leading +";
  it.each([
    ["/inventory/US?limit=0", invalid(limitMessage, "query.limit=0")],
    ["/inventory/US?limit=1001", invalid(limitMessage, "query.limit=1001")],
    ["/inventory/US?limit=-1", invalid(limitMessage, "query.limit=-1")],
    ["/inventory/US?limit=1.5", invalid(limitMessage, "query.limit=1.5")],
    ["/inventory/US?limit=ten", invalid(limitMessage, "query.limit=ten")],
    ["/inventory/US?offset=-1", invalid(offsetMessage, "query.offset=-1")],
    ["/inventory/US?offset=100001", invalid(offsetMessage, "query.offset=100001")],
    ["/inventory/US?contains=", invalid(containsMessage, "query.contains=")],
    ["/inventory/US?contains=1234567890123456", invalid(containsMessage, "query.contains=1234567890123456")],
    ["/inventory/US?contains=12-34", invalid(containsMessage, "query.contains=12-34")],
    ["/inventory/US?contains=%2B%2B12", invalid(containsMessage, "query.contains=++12")],
    ["/inventory/US?contains=1%202", invalid(containsMessage, "query.contains=1 2")],
    [
      "/inventory/US?starts_with=21a",
      invalid("starts_with must be 1 to 15 digits, optionally after a leading +", "query.starts_with=21a"),
    ],
    [
      "/inventory/US?starts_with=",
      invalid("starts_with must be 1 to 15 digits, optionally after a leading +", "query.starts_with="),
    ],
    [
      "/inventory/US?starts_with=%2B",
      invalid("starts_with must be 1 to 15 digits, optionally after a leading +", "query.starts_with=+"),
    ],
    [
      "/inventory/US?starts_with=1%2B2",
      invalid("starts_with must be 1 to 15 digits, optionally after a leading +", "query.starts_with=1+2"),
    ],
    [
      "/inventory/US?ends_with=1234567890123456",
      invalid("ends_with must be 1 to 15 digits", "query.ends_with=1234567890123456"),
    ],
    [
      "/inventory/US?sms_enabled=yes",
      invalid("sms_enabled must be true, false, 1 or 0", "query.sms_enabled=yes"),
    ],
    [
      "/inventory/US?voice_enabled=TRUE",
      invalid("voice_enabled must be true, false, 1 or 0", "query.voice_enabled=TRUE"),
    ],
    [
      "/inventory/US?exclude_all_documents_required=2",
      invalid(
        "exclude_all_documents_required must be true, false, 1 or 0",
        "query.exclude_all_documents_required=2",
      ),
    ],
    [
      "/inventory/US?exclude_documents=,",
      invalid("exclude_documents must name at least one document type id", "query.exclude_documents=[]"),
    ],
    [
      "/inventory/US?region=not%20a%20region",
      invalid("region must be a region id such as US-NY-NEW_YORK-212", "query.region=not a region"),
    ],
    ["/inventory/US?colour=blue", invalid("unknown query parameter: colour", "query.colour")],
    ["/inventory/USA", invalid("country must be a two-letter ISO 3166-1 code", "path.country=USA")],
    [
      "/inventory/US/LOCAL",
      invalid("number_type must be one of local, national, mobile, toll_free", "path.number_type=LOCAL"),
    ],
    ["/inventory/ZZ", bad("unknown_country", "No numbers are sold in country ZZ.", "country=ZZ")],
    ["/inventory/zz/local", bad("unknown_country", "No numbers are sold in country ZZ.", "country=ZZ")],
    [
      "/inventory/US/premium",
      bad("unknown_number_type", "Unknown number type 'premium'.", "number_type=premium"),
    ],
    [
      "/inventory/US?region=US-XX-NOWHERE-999",
      bad("unknown_region", "Unknown region 'US-XX-NOWHERE-999' in US.", "query.region=US-XX-NOWHERE-999"),
    ],
    [
      "/inventory/US?region=GB-ENG-LONDON-20",
      bad("unknown_region", "Unknown region 'GB-ENG-LONDON-20' in US.", "query.region=GB-ENG-LONDON-20"),
    ],
    [
      "/inventory/US/toll_free?region=US-NY-NEW_YORK-212",
      bad(
        "unknown_region",
        "Region 'US-NY-NEW_YORK-212' has no toll_free numbers; it is a local region.",
        "query.region=US-NY-NEW_YORK-212",
      ),
    ],
    [
      "/inventory/US?exclude_documents=passport",
      bad("unknown_document_type", "Unknown document type 'passport'.", "query.exclude_documents=passport"),
    ],
    [
      "/inventory/US?exclude_documents=tax_id,passport&exclude_documents=visa",
      bad("unknown_document_type", "Unknown document type 'passport'.", "query.exclude_documents=passport"),
    ],
  ])("GET %s → 400", async (path, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.body).toEqual(body);
    expect(response.status).toBe(400);
  });

  it("answers a type the country does not sell with 400", async () => {
    const prisma = await getPrisma();
    const sold = await prisma.countryNumberType.findMany({ where: { countryId: "DE" } });
    const notSold = ["local", "national", "mobile", "toll_free"].find(
      (type) => !sold.some((entry) => entry.numberTypeId === type),
    );
    if (!notSold) throw new Error("the seed sells every type in DE; pick another country for this test");
    const response = await get(`/inventory/DE/${notSold}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad("unknown_number_type", `DE sells no ${notSold} numbers.`, `number_type=${notSold}`),
    );
  });

  it.each([
    [
      "acmeNoScopes",
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'inventory:read' scope.",
        "required_scope=inventory:read",
      ),
    ],
    [
      null,
      err(
        "Unauthorized",
        "unauthorized",
        "Authentication is required: send 'Authorization: Bearer <token>'.",
        "header.authorization",
      ),
    ],
  ] as const)("token %s → 401", async (token, body) => {
    const response = await get("/inventory/US", { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(body);
  });
});
