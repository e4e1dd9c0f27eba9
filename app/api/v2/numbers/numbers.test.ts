import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { demoExtensions, demoOwnedNumbers } from "@/prisma/seed/fixtures";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";
import { formatNational } from "@/lib/reference/phone";

const err = errorBody;
const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);

type ListBody = { data: NumberConfiguration[] };

// E.164 of the seeded numbers, by configuration id: the inventory generator picks them.
const e164: Record<string, string> = {};
type Row = { id: string; organizationId: string; kind: string; number: string };
let allRows: Row[] = [];

beforeAll(async () => {
  const prisma = await getPrisma();
  allRows = await prisma.numberConfiguration.findMany({
    select: { id: true, organizationId: true, kind: true, number: true },
  });
  for (const row of allRows) e164[row.id] = row.number;
});

/** Ids in the API's order: phone numbers, then extensions, each by number (then organization). */
function expectedIds(filter: (row: Row) => boolean): string[] {
  const rank = (row: Row) => [row.kind === "number" ? 0 : 1, row.number, row.organizationId, row.id] as const;
  const compare = (a: Row, b: Row) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  };
  return allRows
    .filter(filter)
    .sort(compare)
    .map((row) => row.id);
}

async function ids(path: string, token: TestTokenName): Promise<string[]> {
  const response = await get<ListBody>(path, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((configuration) => configuration.number_id);
}

const globexIds = [...demoOwnedNumbers, ...demoExtensions]
  .filter((n) => n.organizationId === "org_globex")
  .map((n) => n.id);

describe("GET /numbers: authentication", () => {
  it.each([
    {
      name: "no credentials",
      token: undefined,
      body: err(
        "Unauthorized",
        "unauthorized",
        "Authentication is required: send 'Authorization: Bearer <token>'.",
        "header.authorization",
      ),
    },
    {
      name: "no scopes",
      token: "acmeNoScopes" as const,
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    },
    {
      name: "another scope",
      token: "acmeInventoryOnly" as const,
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    },
    {
      name: "revoked",
      token: "acmeRevoked" as const,
      body: err("Unauthorized", "unauthorized", "The token has been revoked.", "token=npk_test_a…"),
    },
  ])("$name → 401", async ({ token, body }) => {
    const response = await get("/numbers", { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(body);
  });

  it("answers other methods 405 with Allow", async () => {
    const response = await api("POST", "/numbers", { token: "acmeAll", body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
  });
});

describe("GET /numbers: a customer sees their own organization only", () => {
  it("lists every acme configuration, numbers first, each by number", async () => {
    const expected = expectedIds((row) => row.organizationId === "org_acme");
    expect(expected.length).toBe(
      [...demoOwnedNumbers, ...demoExtensions].filter((n) => n.organizationId === "org_acme").length,
    );
    expect(await ids("/numbers", "acmeAll")).toEqual(expected);
  });

  it("lists every globex configuration for a globex token", async () => {
    expect(await ids("/numbers", "globexAll")).toEqual(
      expectedIds((row) => row.organizationId === "org_globex"),
    );
  });

  it("never puts another organization's data in a body", async () => {
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain("org_globex");
    for (const id of globexIds) {
      expect(text).not.toContain(id);
      if (e164[id].startsWith("+")) expect(text).not.toContain(e164[id]);
    }
  });

  it("derives country_code and local_format, null for an extension", async () => {
    const response = await get<ListBody>("/numbers?number_id=num_acme_main", { token: "acmeAll" });
    const [main] = response.body.data;
    expect(main.country_code).toBe("44");
    expect(main.number).toMatch(/^\+4420\d{8}$/);
    expect(main.local_format).toBe(`020 ${main.number.slice(5, 9)} ${main.number.slice(9)}`);
    const extension = await get<ListBody>("/numbers?number_id=num_acme_ext_101", { token: "acmeAll" });
    expect(extension.body.data).toMatchObject([{ number: "101", country_code: null, local_format: null }]);
    const newYork = await get<ListBody>("/numbers?number_id=num_acme_new_york", { token: "acmeAll" });
    expect(newYork.body.data[0]).toMatchObject({
      country_code: "1",
      local_format: expect.stringMatching(/^\(212\) \d{3}-\d{4}$/),
    });
  });

  it("names the type and region each number was bought as, null for an extension", async () => {
    const prisma = await getPrisma();
    const rows = await prisma.numberConfiguration.findMany({
      where: { organizationId: "org_acme" },
      select: {
        id: true,
        inventoryNumber: { select: { numberTypeId: true, region: { select: { id: true, name: true } } } },
      },
    });
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    expect(response.body.data.map((item) => [item.number_id, item.number_type, item.region])).toEqual(
      response.body.data.map((item) => {
        const row = rows.find((candidate) => candidate.id === item.number_id)!;
        return [
          item.number_id,
          row.inventoryNumber?.numberTypeId ?? null,
          row.inventoryNumber?.region ?? null,
        ];
      }),
    );
    const newYork = await get<ListBody>("/numbers?number_id=num_acme_new_york", { token: "acmeAll" });
    expect(newYork.body.data[0]).toMatchObject({
      number_type: "local",
      region: { id: expect.stringMatching(/^US-NY-NEW_YORK-/), name: expect.stringMatching(/New York/) },
    });
    const extension = await get<ListBody>("/numbers?number_id=num_acme_ext_101", { token: "acmeAll" });
    expect(extension.body.data).toMatchObject([{ number_type: null, region: null }]);
  });

  it("answers rules sorted by priority, lowest first", async () => {
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    for (const configuration of response.body.data) {
      const priorities = configuration.rules.map((rule) => rule.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    }
    expect(response.body.data.some((configuration) => configuration.rules.length > 1)).toBe(true);
  });
});

describe("GET /numbers: parameters", () => {
  const main = () => e164.num_acme_main;
  const manchester = () => e164.num_acme_manchester;
  const globexHq = () => e164.num_globex_hq;

  it.each([
    { name: "number_id", query: () => "number_id=num_acme_main", expected: ["num_acme_main"] },
    { name: "another organization's number_id", query: () => "number_id=num_globex_hq", expected: [] },
    { name: "an unknown number_id", query: () => "number_id=num_nope", expected: [] },
    {
      name: "number with %2B",
      query: () => `number=${encodeURIComponent(main())}`,
      expected: ["num_acme_main"],
    },
    { name: "number with a raw +", query: () => `number=${main()}`, expected: ["num_acme_main"] },
    {
      name: "another organization's number",
      query: () => `number=${encodeURIComponent(globexHq())}`,
      expected: [],
    },
    {
      name: "numbers, encoded",
      query: () => `numbers=${encodeURIComponent(`${manchester()},${main()}`)}`,
      expected: ["num_acme_main", "num_acme_manchester"],
    },
    {
      name: "numbers with raw + signs",
      query: () => `numbers=${main()},${manchester()}`,
      expected: ["num_acme_main", "num_acme_manchester"],
    },
    {
      name: "numbers repeated",
      query: () => `numbers=${main()}&numbers=${manchester()}`,
      expected: ["num_acme_main", "num_acme_manchester"],
    },
    {
      name: "numbers with another organization's",
      query: () => `numbers=${main()},${globexHq()}`,
      expected: ["num_acme_main"],
    },
    { name: "name, any case", query: () => "name=MAIN%20LINE", expected: ["num_acme_main"] },
    {
      name: "name, a substring",
      query: () => "name=office",
      expected: ["num_acme_berlin", "num_acme_manchester"],
    },
    { name: "name with a LIKE wildcard", query: () => "name=%25", expected: [] },
    { name: "name with a LIKE single-character wildcard", query: () => "name=M_in", expected: [] },
    { name: "name with a backslash", query: () => "name=%5C", expected: [] },
    { name: "number and name that disagree", query: () => `number=${main()}&name=manchester`, expected: [] },
    {
      name: "number_id and numbers",
      query: () => `number_id=num_acme_main&numbers=${main()},${manchester()}`,
      expected: ["num_acme_main"],
    },
    { name: "number outside numbers", query: () => `number=${main()}&numbers=${manchester()}`, expected: [] },
  ])("$name", async ({ query, expected }) => {
    expect(await ids(`/numbers?${query()}`, "acmeAll")).toEqual(
      expectedIds((row) => expected.includes(row.id)),
    );
  });

  it("accepts 100 numbers", async () => {
    const list = [main(), ...Array.from({ length: 99 }, (_, i) => `+1212555${String(i).padStart(4, "0")}`)];
    expect(await ids(`/numbers?numbers=${encodeURIComponent(list.join(","))}`, "acmeAll")).toEqual([
      "num_acme_main",
    ]);
  });

  const tooMany = Array.from({ length: 101 }, (_, i) => `+1212555${String(i).padStart(4, "0")}`).join(",");
  it.each([
    [
      "number=442079460000",
      bad("number must be one E.164 number, such as +442079460000", "query.number=442079460000"),
    ],
    ["number=%2B44abc", bad("number must be one E.164 number, such as +442079460000", "query.number=+44abc")],
    [
      "number=%2B0441234",
      bad("number must be one E.164 number, such as +442079460000", "query.number=+0441234"),
    ],
    [
      "number=%2B1234567890123456",
      bad("number must be one E.164 number, such as +442079460000", "query.number=+1234567890123456"),
    ],
    ["number=", bad("number must be one E.164 number, such as +442079460000", "query.number=")],
    ["number=101", bad("number must be one E.164 number, such as +442079460000", "query.number=101")],
    [
      "number=%2B441&number=%2B442",
      bad("number must be given once; use numbers for several", 'query.number=["+441","+442"]'),
    ],
    [
      "numbers=%2B12125550100,12125550101",
      bad(
        "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100",
        "query.numbers=12125550101",
      ),
    ],
    [
      "numbers=%2B12125550100,",
      bad(
        "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100",
        "query.numbers=",
      ),
    ],
    [
      "numbers=",
      bad(
        "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100",
        "query.numbers=",
      ),
    ],
    [
      `numbers=${encodeURIComponent(tooMany)}`,
      bad("numbers takes at most 100 numbers", "query.numbers=101 numbers"),
    ],
    ["number_id=", bad("number_id must not be empty", "query.number_id=")],
    [`name=${"x".repeat(201)}`, bad("name is at most 200 characters", `query.name=${"x".repeat(200)}…`)],
    ["name=a&name=b", bad("name must be given once", 'query.name=["a","b"]')],
    ["colour=blue", bad("unknown query parameter: colour", "query.colour")],
    [
      "organization_id=org_acme",
      bad("organization_id is for support users", "query.organization_id=org_acme"),
    ],
    [
      "organization_id=org_globex",
      bad("organization_id is for support users", "query.organization_id=org_globex"),
    ],
  ])("GET /numbers?%s → 400", async (query, body) => {
    const response = await get(`/numbers?${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });
});

describe("GET /numbers: support users read every organization", () => {
  it("lists both organizations' configurations", async () => {
    const listed = await ids("/numbers", "support");
    expect(listed).toEqual(expectedIds(() => true));
    expect(listed).toEqual(
      expect.arrayContaining(["num_acme_main", "num_globex_hq", "num_globex_ext_101", "num_acme_ext_101"]),
    );
  });

  it.each([
    ["organization_id=org_globex", () => expectedIds((row) => row.organizationId === "org_globex")],
    ["organization_id=org_acme", () => expectedIds((row) => row.organizationId === "org_acme")],
    ["organization_id=org_nope", () => []],
    ["organization_id=org_acme&number_id=num_globex_hq", () => []],
    ["number_id=num_globex_hq", () => ["num_globex_hq"]],
    [
      "name=office",
      () =>
        expectedIds((row) =>
          ["num_acme_berlin", "num_acme_manchester", "num_globex_paris", "num_globex_sydney"].includes(
            row.id,
          ),
        ),
    ],
  ])("filters by %s", async (query, expected) => {
    expect(await ids(`/numbers?${query}`, "support")).toEqual(expected());
  });

  it("finds another organization's number by E.164", async () => {
    const response = await get<ListBody>(`/numbers?number=${encodeURIComponent(e164.num_globex_hq)}`, {
      token: "support",
    });
    expect(response.body.data).toMatchObject([
      { number_id: "num_globex_hq", organization_id: "org_globex", name: "Headquarters" },
    ]);
  });
});

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
