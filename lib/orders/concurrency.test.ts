// Orders racing each other. On PostgreSQL (`npm run test:pg`) the requests run on separate
// pooled connections at once and race for row locks. On PGlite (`npm test`) they interleave
// on its one connection, so these check the outcome of many requests at once but no lock is
// ever contended: the name says which it is. Each case is also raced across three app
// instances by `npm run test:cluster` (named numbers, geographies short of stock with their
// back-orders, one Idempotency-Key sent in parallel), so every race runs on PostgreSQL twice.
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "@/tests/test-database";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { TestTokenName } from "@/tests/fixtures";

type Placed = { data: { reference_id: string } };

const order = (body: unknown, token: TestTokenName = "acmeAll", headers?: Record<string, string>) =>
  api<Placed>("POST", "/order", { token, body, headers });

async function soldNumbersOf(referenceIds: string[]) {
  const prisma = await getPrisma();
  return prisma.inventoryNumber.findMany({
    where: { orderItem: { order: { referenceId: { in: referenceIds } } } },
    select: {
      numberE164: true,
      status: true,
      orderItem: { select: { order: { select: { referenceId: true } } } },
    },
  });
}

const how =
  testDatabaseKind === "postgres"
    ? "on PostgreSQL: separate pooled connections race for row locks"
    : "on PGlite: requests interleave on one connection, no row lock is contended (test:pg and test:cluster race them)";

describe(`concurrent orders, ${how}`, () => {
  it("sell each of 10 named numbers exactly once to 50 competing orders", async () => {
    const prisma = await getPrisma();
    const numbers = await prisma.inventoryNumber.findMany({
      where: { regionId: "US-CA-LOS_ANGELES-213", status: "available" },
      orderBy: { numberE164: "asc" },
      take: 10,
    });
    expect(numbers).toHaveLength(10);
    const tokens: TestTokenName[] = ["acmeAll", "globexAll", "acmeBillingAll"];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        order(
          { contact_name: `racer ${index}`, items: [{ number_e164: numbers[index % 10].numberE164 }] },
          tokens[index % tokens.length],
        ),
      ),
    );

    const won = responses.filter((response) => response.status === 200);
    const lost = responses.filter((response) => response.status === 409);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const response of lost)
      expect((response.body as unknown as { error: { code: string } }).error.code).toBe("number_unavailable");

    const referenceIds = won.map((response) => response.body.data.reference_id);
    const sold = await soldNumbersOf(referenceIds);
    expect(sold.map((number) => number.numberE164).sort()).toEqual(
      numbers.map((number) => number.numberE164).sort(),
    );
    expect(new Set(sold.map((number) => number.orderItem?.order.referenceId)).size).toBe(10);
    for (const number of sold) expect(number.status).toBe("sold");
    const configurations = await prisma.numberConfiguration.groupBy({
      by: ["number"],
      where: { number: { in: numbers.map((n) => n.numberE164) } },
      _count: true,
    });
    expect(configurations.map((row) => row._count)).toEqual(Array(10).fill(1));
    expect(await prisma.order.count({ where: { contactName: { startsWith: "racer " } } })).toBe(10);
  });

  it("never give one number to two geography orders, and back-order exactly what stock lacks", async () => {
    const prisma = await getPrisma();
    const region = "GB-SCT-EDINBURGH-131";
    // The cheapest product needs no documents, so only the numbers that need none are stock.
    const free = { regionId: region, status: "available", requiredDocumentIds: { isEmpty: true } } as const;
    const needing = await prisma.inventoryNumber.count({
      where: { regionId: region, status: "available", NOT: { requiredDocumentIds: { isEmpty: true } } },
    });
    const stock = await prisma.inventoryNumber.count({ where: free });
    const orders = 20;
    const each = Math.ceil((stock + 7) / orders);
    const responses = await Promise.all(
      Array.from({ length: orders }, (_, index) =>
        order(
          {
            contact_name: `geo ${index}`,
            items: [{ country: "GB", number_type: "local", region, quantity: each }],
          },
          index % 2 ? "acmeAll" : "globexAll",
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(orders).fill(200));

    const referenceIds = responses.map((response) => response.body.data.reference_id);
    const sold = await soldNumbersOf(referenceIds);
    expect(new Set(sold.map((number) => number.numberE164)).size).toBe(sold.length);
    expect(sold).toHaveLength(stock);
    const items = await prisma.orderItem.findMany({
      where: { order: { referenceId: { in: referenceIds } } },
      include: { numbers: true },
    });
    for (const item of items) expect(item.numbers.length + item.backorderedQuantity).toBe(each);
    expect(items.reduce((sum, item) => sum + item.backorderedQuantity, 0)).toBe(orders * each - stock);
    expect(await prisma.inventoryNumber.count({ where: free })).toBe(0);
    expect(await prisma.inventoryNumber.count({ where: { regionId: region, status: "available" } })).toBe(
      needing,
    );
  });

  it("make one order of 10 parallel requests with one Idempotency-Key, and replay it to all", async () => {
    const prisma = await getPrisma();
    const body = {
      contact_name: "idempotent racer",
      items: [{ country: "IT", number_type: "mobile", quantity: 2 }],
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => order(body, "acmeAll", { "idempotency-key": "parallel-key-1" })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const referenceIds = new Set(responses.map((response) => response.body.data.reference_id));
    expect(referenceIds.size).toBe(1);
    expect(
      responses.filter((response) => response.headers.get("idempotent-replayed") === "true"),
    ).toHaveLength(9);
    expect(await prisma.order.count({ where: { contactName: "idempotent racer" } })).toBe(1);
    expect(await soldNumbersOf([...referenceIds])).toHaveLength(2);
  });
});
