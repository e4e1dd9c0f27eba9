import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { metrics } from "@/lib/observability/metrics";
import { restockInventory } from "@/lib/orders/restock";
import { formatNational } from "@/lib/reference/phone";
import { freshNumbers, INVENTORY_CSV_HEADER as HEADER } from "@/tests/inventory-csv";

const REGION = "GB-NATIONAL-3";

describe("restockInventory: back-orders", () => {
  type View = { status: string; items: Array<{ assigned_numbers: string[]; backordered_quantity: number }> };
  const place = async (item: Record<string, unknown>, token: "acmeAll" | "globexAll") =>
    (
      await api<{ data: { reference_id: string } }>("POST", "/order", {
        token,
        body: { contact_name: "Back-order test", items: [item] },
      })
    ).body.data.reference_id;
  const view = async (referenceId: string) =>
    (await get<{ data: View }>(`/orders/${referenceId}`, { token: "support" })).body.data;
  /** portal_numbers_sold_total as this process's registry reads it. */
  const soldCounter = async () => (await metrics().numbersSold.get()).values[0]?.value ?? 0;
  const csvOf = (numbers: string[]) =>
    [HEADER, ...numbers.map((number) => `${number},${REGION},true,true,`)].join("\n");

  it("fills waiting items oldest order first and moves their orders on", async () => {
    const prisma = await getPrisma();
    // The cheapest product needs no documents: it sells only the numbers that need none.
    const stock = await prisma.inventoryNumber.count({
      where: { regionId: REGION, status: "available", requiredDocumentIds: { isEmpty: true } },
    });
    const otherNational = await prisma.inventoryNumber.count({
      where: {
        countryId: "GB",
        numberTypeId: "national",
        status: "available",
        requiredDocumentIds: { isEmpty: true },
        NOT: { regionId: REGION },
      },
    });
    expect(otherNational).toBe(0);

    const a = await place(
      { country: "GB", number_type: "national", region: REGION, quantity: stock + 3 },
      "acmeAll",
    );
    const b = await place(
      { country: "GB", number_type: "national", region: REGION, quantity: 2 },
      "globexAll",
    );
    const c = await place({ country: "GB", number_type: "national", quantity: 1 }, "acmeAll");
    expect((await view(a)).status).toBe("partially_fulfilled");
    expect((await view(b)).status).toBe("backordered");
    expect((await view(c)).status).toBe("backordered");

    const firstBatch = await freshNumbers(REGION, 2);
    const soldBefore = await soldCounter();
    const first = await restockInventory(csvOf(firstBatch));
    // Numbers a fill sells are sold numbers: the counter goes up by exactly the filled count.
    expect((await soldCounter()) - soldBefore).toBe(2);
    expect(first.backorders).toEqual({
      assignedNumbers: 2,
      orders: [{ referenceId: a, status: "partially_fulfilled" }],
    });
    expect((await view(a)).items[0]).toMatchObject({ backordered_quantity: 1 });
    expect((await view(a)).items[0].assigned_numbers).toEqual(expect.arrayContaining(firstBatch));

    const secondBatch = await freshNumbers(REGION, 2);
    const second = await restockInventory(csvOf(secondBatch));
    expect(second.backorders.assignedNumbers).toBe(2);
    expect(second.backorders.orders).toEqual(
      expect.arrayContaining([
        { referenceId: a, status: "completed" },
        { referenceId: b, status: "partially_fulfilled" },
      ]),
    );
    expect(await view(b)).toMatchObject({
      status: "partially_fulfilled",
      items: [{ backordered_quantity: 1 }],
    });

    const thirdBatch = await freshNumbers(REGION, 3);
    const soldBeforeThird = await soldCounter();
    const third = await restockInventory(csvOf(thirdBatch));
    // Three numbers imported, two waiting: the third stays for sale and is not counted.
    expect((await soldCounter()) - soldBeforeThird).toBe(2);
    expect(third.backorders.orders).toEqual(
      expect.arrayContaining([
        { referenceId: b, status: "completed" },
        { referenceId: c, status: "completed" },
      ]),
    );
    expect(await view(c)).toMatchObject({
      status: "completed",
      items: [{ backordered_quantity: 0, assigned_numbers: [thirdBatch[1]] }],
    });
    expect(await view(b)).toMatchObject({
      status: "completed",
      items: [{ assigned_numbers: [secondBatch[1], thirdBatch[0]] }],
    });
    expect(
      (await prisma.inventoryNumber.findUniqueOrThrow({ where: { numberE164: thirdBatch[2] } })).status,
    ).toBe("available");

    const configurations = await prisma.numberConfiguration.findMany({
      where: { number: { in: [...secondBatch, ...thirdBatch.slice(0, 2)] } },
      orderBy: { number: "asc" },
    });
    expect(
      configurations.map((configuration) => [
        configuration.number,
        configuration.organizationId,
        configuration.name,
      ]),
    ).toEqual([
      [secondBatch[0], "org_acme", formatNational(secondBatch[0])],
      [secondBatch[1], "org_globex", formatNational(secondBatch[1])],
      [thirdBatch[0], "org_globex", formatNational(thirdBatch[0])],
      [thirdBatch[1], "org_acme", formatNational(thirdBatch[1])],
    ]);
  });
});

describe("restockInventory: statistics", () => {
  it("leaves the inventory analyzed, with the numbers it added counted", async () => {
    const prisma = await getPrisma();
    const numbers = await freshNumbers(REGION, 3);
    const report = await restockInventory(
      [HEADER, ...numbers.map((number) => `${number},${REGION},true,true,`)].join("\n"),
    );
    expect(report.imported).toBe(3);
    const [table] = await (
      await getDatabase()
    ).sql.query<{ reltuples: number }>(
      `SELECT "reltuples" FROM pg_class WHERE "oid" = '"inventory_number"'::regclass`,
    );
    expect(table.reltuples).toBe(await prisma.inventoryNumber.count());
  });
});
