import { describe, expect, it } from "vitest";
import { api, dispatch, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { testTokens } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { exportNumbersCsv } from "@/lib/numbers/export-csv";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// Finding numbers in a fleet (docs/CONTRACT.md §16): tags, the filters, sort and the CSV export.

type List = { data: NumberConfiguration[] };
const ids = async (query: string) => {
  const response = await get<List>(`/numbers${query}`, { token: "acmeAll" });
  expect(response.status).toBe(200);
  return response.body.data.map((row) => row.number_id);
};

async function csv(query: string, headers: Record<string, string> = {}) {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2/numbers${query}`, {
      headers: { authorization: `Bearer ${testTokens.acmeAll.secret}`, ...headers },
    }),
  );
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

const HEADER = "number,name,status,country,number_type,region,tags,purchased_at,monthly_fee,rule_count";

async function tag(numberId: string, tags: string[]) {
  const read = await get<{ data: NumberConfiguration }>(`/numbers/${numberId}`, { token: "acmeAll" });
  const { name, rules } = read.body.data;
  const response = await api<{ data: NumberConfiguration }>("PUT", `/numbers/${numberId}`, {
    token: "acmeAll",
    body: { name, rules, tags },
    headers: { "if-match": read.headers.get("etag") as string },
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe("GET /numbers: tags and filters", () => {
  it("stores tags lower case and finds numbers with every tag asked for, in any case", async () => {
    expect((await tag("num_acme_main", ["Sales", "emea", "sales"])).tags).toEqual(["sales", "emea"]);
    await tag("num_acme_manchester", ["sales"]);
    expect(await ids("?tag=SALES")).toEqual(["num_acme_manchester", "num_acme_main"]);
    expect(await ids("?tag=sales&tag=emea")).toEqual(["num_acme_main"]);
    expect(await ids("?tag=sales,emea")).toEqual(["num_acme_main"]);
    expect(await ids("?tag=nobody")).toEqual([]);
  });

  it("filters by country, number_type and region (extensions have none)", async () => {
    expect(await ids("?country=de")).toEqual(["num_acme_berlin"]);
    expect(await ids("?country=GB&number_type=mobile")).toEqual(["num_acme_on_call"]);
    expect(await ids("?region=GB-ENG-MANCHESTER-161")).toEqual(["num_acme_manchester"]);
  });

  it("lists aging numbers only when status asks for them", async () => {
    const prisma = await getPrisma();
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_berlin" },
      data: { status: "aging", restorableUntil: new Date("2030-01-01T00:00:00Z") },
    });
    expect(await ids("?country=DE")).toEqual([]);
    expect(await ids("?status=aging")).toEqual(["num_acme_berlin"]);
    expect(await ids("?status=aging,active&country=DE")).toEqual(["num_acme_berlin"]);
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_berlin" },
      data: { status: "active", restorableUntil: null },
    });
  });

  it("sorts by name and by purchase time, either way", async () => {
    const numbers = "?limit=6&number_type=local";
    const byName = await get<List>(`/numbers${numbers}&sort=name`, { token: "acmeAll" });
    const names = byName.body.data.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    const oldest = await ids(`?sort=purchased_at&country=GB`);
    expect(oldest).toEqual([
      "num_acme_main",
      "num_acme_manchester",
      "num_acme_on_call",
      "num_acme_freephone",
    ]);
    expect(await ids(`?sort=-purchased_at&country=GB`)).toEqual([...oldest].reverse());
  });

  it.each([
    ["?tag=a%20b", "tag must be at most 20 tags, each 1 to 40 characters of a-z 0-9 - _ :", "query.tag=a b"],
    [
      "?status=gone",
      "status must be one or more of active, pending_documents, aging, porting",
      "query.status=gone",
    ],
    ["?sort=price", "sort must be one of number, name, purchased_at, -purchased_at", "query.sort=price"],
    ["?format=xml", "format must be json or csv", "query.format=xml"],
  ])("answers 400 for %s", async (query, message, details) => {
    const response = await get(`/numbers${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody("Bad Request", "invalid_parameter", message, details));
  });
});

describe("GET /numbers?format=csv", () => {
  it("streams every match with the documented columns", async () => {
    const prisma = await getPrisma();
    const main = await prisma.numberConfiguration.findUniqueOrThrow({
      where: { id: "num_acme_main" },
      include: { inventoryNumber: { include: { orderItem: true } }, _count: { select: { rules: true } } },
    });
    const answer = await csv("?format=csv&tag=emea");
    expect(answer.status).toBe(200);
    expect(answer.type).toBe("text/csv; charset=utf-8");
    expect(answer.text).toBe(
      [
        HEADER,
        [
          main.number,
          main.name,
          "active",
          "GB",
          "local",
          "GB-ENG-LONDON-20",
          "sales emea",
          main.createdAt.toISOString(),
          main.inventoryNumber?.orderItem?.monthlyFee.toFixed(2),
          String(main._count.rules),
        ].join(","),
        "",
      ].join("\r\n"),
    );
  });

  it("answers the header line only when nothing matches, and reads Accept: text/csv", async () => {
    expect((await csv("?format=csv&tag=nobody")).text).toBe(`${HEADER}\r\n`);
    const accepted = await csv("?country=DE", { accept: "text/csv" });
    expect(accepted.text.split("\r\n")).toHaveLength(3);
    expect(accepted.text.split("\r\n")[1]).toMatch(
      /^\+49\d+,Berlin office,active,DE,local,DE-BE-BERLIN-30,,/,
    );
  });

  it.each(["number", "name", "purchased_at", "-purchased_at"] as const)(
    "pages through more rows than one read (keyset, sort=%s), each once, in the order asked",
    async (sort) => {
      const listed = await get<List>(`/numbers?limit=1000&sort=${sort}`, { token: "acmeAll" });
      const stream = await exportNumbersCsv({ organizationId: "org_acme", role: "owner" }, { sort }, 3);
      const lines = (await new Response(stream).text()).trim().split("\r\n").slice(1);
      expect(listed.body.data.length).toBeGreaterThan(6);
      expect(lines.map((line) => line.split(",")[0])).toEqual(listed.body.data.map((row) => row.number));
    },
  );
});
