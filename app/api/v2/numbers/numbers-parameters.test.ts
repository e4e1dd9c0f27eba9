import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { bad, e164, expectedIds, ids, loadSeededNumbers } from "@/app/api/v2/numbers/numbers-fixtures";

// GET /numbers: its filters, each accepted and refused with the exact error body.

beforeAll(loadSeededNumbers);

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
