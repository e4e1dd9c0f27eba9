import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { errorBody } from "@/tests/error-body";
import { testTokens } from "@/tests/fixtures";

const err = errorBody;

describe("authentication on reference endpoints", () => {
  const cases: Array<{
    name: string;
    headers?: Record<string, string>;
    token?: "acmeExpired" | "acmeRevoked" | "acmeNoScopes" | "acmeInventoryOnly";
    body: unknown;
  }> = [
    {
      name: "no credentials",
      body: err(
        "Unauthorized",
        "unauthorized",
        "Authentication is required: send 'Authorization: Bearer <token>'.",
        "header.authorization",
      ),
    },
    {
      name: "malformed header",
      headers: { authorization: "Token abc" },
      body: err(
        "Unauthorized",
        "unauthorized",
        "The Authorization header must be 'Bearer <token>'.",
        "header.authorization",
      ),
    },
    {
      name: "empty bearer",
      headers: { authorization: "Bearer " },
      body: err(
        "Unauthorized",
        "unauthorized",
        "The Authorization header must be 'Bearer <token>'.",
        "header.authorization",
      ),
    },
    {
      name: "unknown token",
      headers: { authorization: "Bearer npk_not_a_real_token" },
      body: err("Unauthorized", "unauthorized", "The token is not valid.", "header.authorization"),
    },
    {
      name: "expired token",
      token: "acmeExpired",
      body: err(
        "Unauthorized",
        "unauthorized",
        "The token has expired.",
        "token=npk_test_a… expired 2020-01-01T00:00:00.000Z",
      ),
    },
    {
      name: "revoked token",
      token: "acmeRevoked",
      body: err("Unauthorized", "unauthorized", "The token has been revoked.", "token=npk_test_a…"),
    },
    {
      name: "token without scopes",
      token: "acmeNoScopes",
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'reference:read' scope.",
        "required_scope=reference:read",
      ),
    },
    {
      name: "token with another scope",
      token: "acmeInventoryOnly",
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'reference:read' scope.",
        "required_scope=reference:read",
      ),
    },
  ];
  for (const path of ["/countries", "/number_types", "/document_types", "/regions/US"]) {
    it.each(cases)(`GET ${path}: $name → 401`, async ({ headers, token, body }) => {
      const response = await get(path, { headers, token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(body);
    });
  }
});

describe("the Authorization scheme is case-insensitive (docs/CONTRACT.md §1)", () => {
  const secret = testTokens.acmeAll.secret;
  it.each([`Bearer ${secret}`, `bearer ${secret}`, `BEARER ${secret}`, `bEaReR  ${secret}`])(
    "%s → 200",
    async (authorization) => {
      const response = await get("/countries", { headers: { authorization } });
      expect(response.status).toBe(200);
    },
  );

  it("still refuses another scheme", async () => {
    const response = await get("/countries", { headers: { authorization: `Basic ${secret}` } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "unauthorized",
        "The Authorization header must be 'Bearer <token>'.",
        "header.authorization",
      ),
    );
  });
});

describe("GET /countries", () => {
  it("lists every seeded country by English name", async () => {
    const prisma = await getPrisma();
    const expected = (await prisma.country.findMany()).map((c) => ({
      id: c.id,
      english_name: c.englishName,
    }));
    expected.sort((a, b) => a.english_name.localeCompare(b.english_name, "en"));
    const response = await get("/countries", { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.body).toEqual(expected);
    expect((response.body as unknown[]).length).toBeGreaterThanOrEqual(12);
  });

  it("rejects unknown query parameters", async () => {
    const response = await get("/countries?colour=blue", { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      err("Bad Request", "invalid_parameter", "unknown query parameter: colour", "query.colour"),
    );
  });
});

describe("GET /number_types and /document_types", () => {
  it("lists the four number types in order", async () => {
    const response = await get<Array<{ name: string; description: string }>>("/number_types", {
      token: "acmeAll",
    });
    expect(response.status).toBe(200);
    expect(response.body.map((t) => t.name)).toEqual(["local", "national", "mobile", "toll_free"]);
    for (const type of response.body) expect(Object.keys(type).sort()).toEqual(["description", "name"]);
  });

  it("lists document types with id and name only", async () => {
    const prisma = await getPrisma();
    const expected = (await prisma.documentType.findMany({ orderBy: { name: "asc" } })).map((d) => ({
      id: d.id,
      name: d.name,
    }));
    const response = await get("/document_types", { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(5);
  });
});

describe("GET /regions/{country}", () => {
  it.each(["US", "us", "Us"])("answers %s with the US regions sorted by name", async (country) => {
    const prisma = await getPrisma();
    const rows = await prisma.region.findMany({ where: { countryId: "US" } });
    const expected = rows
      .map((r) => ({ id: r.id, name: r.name }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    const response = await get(`/regions/${country}`, { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([
    [
      "USA",
      err(
        "Bad Request",
        "invalid_parameter",
        "country must be a two-letter ISO 3166-1 code",
        "path.country=USA",
      ),
    ],
    [
      "1A",
      err(
        "Bad Request",
        "invalid_parameter",
        "country must be a two-letter ISO 3166-1 code",
        "path.country=1A",
      ),
    ],
    ["ZZ", err("Bad Request", "unknown_country", "No numbers are sold in country ZZ.", "country=ZZ")],
    ["jp", err("Bad Request", "unknown_country", "No numbers are sold in country JP.", "country=JP")],
  ])("answers %s with 400", async (country, body) => {
    const response = await get(`/regions/${country}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });
});

describe("GET /destinations/{country}/{number_type}", () => {
  it("needs no token and lists countries, SIP and services", async () => {
    const prisma = await getPrisma();
    const rows = await prisma.forwardingDestination.findMany({
      where: { countryId: "GB", numberTypeId: "local" },
      orderBy: [{ sortOrder: "asc" }, { code: "asc" }],
    });
    const response = await get<{ data: Array<Record<string, unknown>> }>("/destinations/gb/local");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      rows.map((r) => ({
        id: r.code,
        name: r.name,
        default_destination: r.defaultDestination,
        best_rate_dial_prefix: r.bestRateDialPrefix,
        requires_user_input: r.requiresUserInput,
      })),
    );
    const ids = response.body.data.map((d) => d.id);
    expect(ids).toContain("SIP");
    expect(ids).toContain("VOICEMAIL");
    expect(ids).toContain("GB");
    for (const destination of response.body.data)
      expect(typeof destination.requires_user_input).toBe("boolean");
  });

  it("also answers a valid token", async () => {
    const response = await get("/destinations/GB/local", { token: "acmeNoScopes" });
    expect(response.status).toBe(200);
  });

  it("answers an invalid token with 401 even though none is needed", async () => {
    const response = await get("/destinations/GB/local", { headers: { authorization: "Bearer nope" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err("Unauthorized", "unauthorized", "The token is not valid.", "header.authorization"),
    );
  });

  it("answers a pair the country does not sell with 400", async () => {
    const prisma = await getPrisma();
    const sold = await prisma.countryNumberType.findMany({ where: { countryId: "DE" } });
    const notSold = ["local", "national", "mobile", "toll_free"].find(
      (t) => !sold.some((s) => s.numberTypeId === t),
    );
    if (!notSold) throw new Error("the seed sells every type in DE; pick another country for this test");
    const response = await get(`/destinations/DE/${notSold}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      err("Bad Request", "unknown_number_type", `DE sells no ${notSold} numbers.`, `number_type=${notSold}`),
    );
  });

  it.each([
    [
      "/destinations/GB/premium",
      err("Bad Request", "unknown_number_type", "Unknown number type 'premium'.", "number_type=premium"),
    ],
    [
      "/destinations/GB/LOCAL",
      err(
        "Bad Request",
        "invalid_parameter",
        "number_type must be one of local, national, mobile, toll_free",
        "path.number_type=LOCAL",
      ),
    ],
    [
      "/destinations/XX/local",
      err("Bad Request", "unknown_country", "No numbers are sold in country XX.", "country=XX"),
    ],
    [
      "/destinations/GBR/local",
      err(
        "Bad Request",
        "invalid_parameter",
        "country must be a two-letter ISO 3166-1 code",
        "path.country=GBR",
      ),
    ],
  ])("GET %s → 400", async (path, body) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });
});

describe("paths and methods", () => {
  it.each(["/nope", "/regions", "/regions/US/extra", "/countries/US"])("GET %s → 404", async (path) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      err("Not Found", "not_found", `There is no endpoint at /api/v2${path}.`, `path=/api/v2${path}`),
    );
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s /countries → 405 with Allow", async (method) => {
    const response = await api(method, "/countries", { token: "acmeAll" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
    expect(response.body).toEqual(
      err(
        "Method Not Allowed",
        "method_not_allowed",
        `${method} is not allowed here; use GET.`,
        `method=${method}`,
      ),
    );
  });

  it("echoes a caller's X-Request-Id and makes one otherwise", async () => {
    const echoed = await get("/countries", { token: "acmeAll", headers: { "x-request-id": "trace-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
    const made = await get("/countries", { token: "acmeAll" });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await get("/countries", {
      token: "acmeAll",
      headers: { "x-request-id": "bad id\twith tab" },
    });
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const error = await get("/nope", { headers: { "x-request-id": "trace-404" } });
    expect(error.headers.get("x-request-id")).toBe("trace-404");
  });

  it("records when a token was last used", async () => {
    const prisma = await getPrisma();
    await prisma.apiToken.updateMany({ where: { name: "test acmeAll" }, data: { lastUsedAt: null } });
    await get("/countries", { token: "acmeAll" });
    const token = await prisma.apiToken.findFirstOrThrow({ where: { name: "test acmeAll" } });
    expect(token.lastUsedAt).not.toBeNull();
  });
});
