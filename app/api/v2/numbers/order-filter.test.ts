// GET /numbers?order=<reference_id> lists exactly the numbers that
// order bought, so the portal can link to them after checkout. Another organization's order
// is an empty list, as every other filter answers for what the caller cannot see.
import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { TestTokenName } from "@/tests/fixtures";

type Listed = { data: Array<{ number: string }> };
type Placed = { data: { reference_id: string } };

let acmeOrder: { reference: string; numbers: string[] };
let globexOrder: { reference: string; numbers: string[] };

async function buy(
  token: TestTokenName,
  numbers: string[],
): Promise<{ reference: string; numbers: string[] }> {
  const placed = await api<Placed>("POST", "/order", {
    token,
    body: { contact_name: "Order filter test", items: numbers.map((number_e164) => ({ number_e164 })) },
  });
  expect(placed.status).toBe(200);
  return { reference: placed.body.data.reference_id, numbers: [...numbers].sort() };
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const forSale = await prisma.inventoryNumber.findMany({
    where: { status: "available", hold: null, countryId: "US" },
    orderBy: { id: "asc" },
    take: 4,
  });
  const e164 = forSale.map((number) => number.numberE164);
  acmeOrder = await buy("acmeAll", e164.slice(0, 3));
  globexOrder = await buy("globexAll", e164.slice(3));
});

const list = async (query: string, token: TestTokenName = "acmeAll") => {
  const response = await get<Listed>(`/numbers?${query}`, { token });
  return { status: response.status, total: response.headers.get("x-total-count"), body: response.body };
};

describe("GET /numbers?order=", () => {
  it.each([
    ["its reference_id", () => acmeOrder.reference],
    ["its reference_id in lower case", () => acmeOrder.reference.toLowerCase()],
  ])("lists exactly the numbers the order bought, by %s", async (_label, reference) => {
    const answer = await list(`order=${reference()}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((configuration) => configuration.number).sort()).toEqual(acmeOrder.numbers);
    expect(answer.total).toBe("3");
  });

  it("combines with the other filters", async () => {
    const answer = await list(
      `order=${acmeOrder.reference}&number=${encodeURIComponent(acmeOrder.numbers[1])}`,
    );
    expect(answer.body.data.map((configuration) => configuration.number)).toEqual([acmeOrder.numbers[1]]);
  });

  it.each([
    ["another organization's order", () => `order=${globexOrder.reference}`],
    ["an order that does not exist", () => "order=ORD-AAAAAAAAAA"],
  ])("answers an empty list for %s", async (_label, query) => {
    const answer = await list(query());
    expect(answer).toEqual({ status: 200, total: "0", body: { data: [] } });
  });

  it("lets support read any organization's order", async () => {
    const answer = await list(`order=${globexOrder.reference}`, "support");
    expect(answer.body.data.map((configuration) => configuration.number).sort()).toEqual(globexOrder.numbers);
  });

  it.each([
    ["a value that is no reference_id", "order=ORD_%21%21", "order=ORD_!!"],
    ["an empty value", "order=", "order="],
    ["the parameter twice", "order=ORD-A&order=ORD-B", 'order=["ORD-A","ORD-B"]'],
  ])("answers 400 invalid_parameter for %s", async (_label, query, details) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as { error: { code: string; details: string } }).error).toMatchObject({
      code: "invalid_parameter",
      details: `query.${details}`,
    });
  });
});
