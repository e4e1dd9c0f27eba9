import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { formatNational } from "@/lib/reference/phone";
import { errorBody } from "@/tests/error-body";
import { availableIn, cheapestProduct, order, readOrder } from "@/app/api/v2/order/order-fixtures";

// POST /order: named numbers, geography items and the documented example; its Idempotency-Key is
// in order-idempotency.test.ts.

const err = errorBody;

describe("POST /order: named numbers", () => {
  it("buys them, and each becomes the organization's number named in national format", async () => {
    const numbers = await availableIn("GB-ENG-LONDON-20", 2);
    const response = await order({
      contact_name: "Alex Carter",
      reference_number: "PO-1",
      items: numbers.map((number) => ({ number_e164: number.numberE164 })),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.reference_id).toMatch(/^ORD-[A-Z2-7]{10}$/);

    const prisma = await getPrisma();
    const configurations = await prisma.numberConfiguration.findMany({
      where: { number: { in: numbers.map((number) => number.numberE164) } },
      include: { rules: true },
    });
    expect(
      configurations
        .map((c) => ({
          org: c.organizationId,
          kind: c.kind,
          name: c.name,
          inventory: c.inventoryNumberId,
          rules: c.rules.length,
        }))
        .sort((a, b) => a.inventory! - b.inventory!),
    ).toEqual(
      numbers
        .map((number) => ({
          org: "org_acme",
          kind: "number",
          name: formatNational(number.numberE164),
          inventory: number.id,
          rules: 0,
        }))
        .sort((a, b) => a.inventory - b.inventory),
    );
    for (const configuration of configurations) expect(configuration.id).toMatch(/^num_[a-z2-7]{16}$/);
    expect(configurations[0].name).toMatch(/^020 /);

    const cheapest = await cheapestProduct({
      regionId: "GB-ENG-LONDON-20",
      countryId: "GB",
      numberTypeId: "local",
    });
    const view = await readOrder(response.body.data.reference_id);
    expect(view).toMatchObject({
      status: "completed",
      organization_id: "org_acme",
      contact_name: "Alex Carter",
      reference_number: "PO-1",
    });
    expect(
      view.items.map((item) => [
        item.kind,
        item.product.id,
        item.assigned_numbers,
        item.backordered_quantity,
      ]),
    ).toEqual(numbers.map((number) => ["named_number", String(cheapest.id), [number.numberE164], 0]));
    expect(
      (await get<unknown[]>(`/inventory/GB?contains=${numbers[0].numberE164.slice(1)}`, { token: "acmeAll" }))
        .body,
    ).toEqual([]);
  });

  it("buys nothing when one of them is sold or not in inventory, and lists them", async () => {
    const [free, other] = await availableIn("US-IL-CHICAGO-312", 2);
    const first = await order(
      { contact_name: "Globex buyer", items: [{ number_e164: other.numberE164 }] },
      "globexAll",
    );
    expect(first.status).toBe(200);
    const notStocked = "+12125550000";
    const response = await order({
      contact_name: "Alex Carter",
      items: [
        { number_e164: notStocked },
        { number_e164: free.numberE164 },
        { number_e164: other.numberE164 },
      ],
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(
      err(
        "Conflict",
        "number_unavailable",
        `These numbers are not available: ${notStocked}, ${other.numberE164}. Nothing was ordered.`,
        `number_e164=${notStocked},${other.numberE164}`,
      ),
    );
    const prisma = await getPrisma();
    expect((await prisma.inventoryNumber.findUniqueOrThrow({ where: { id: free.id } })).status).toBe(
      "available",
    );
    expect(await prisma.numberConfiguration.count({ where: { number: free.numberE164 } })).toBe(0);
    expect(
      await prisma.numberConfiguration.findMany({
        where: { number: other.numberE164 },
        select: { organizationId: true },
      }),
    ).toEqual([{ organizationId: "org_globex" }]);
  });

  it("uses the given product when it sells the number's region", async () => {
    const [number] = await availableIn("US-IL-CHICAGO-312", 1);
    const prisma = await getPrisma();
    const dearest = await prisma.product.findFirstOrThrow({
      where: { regionId: "US-IL-CHICAGO-312" },
      orderBy: { monthlyFee: "desc" },
    });
    const response = await order({
      contact_name: "A",
      items: [
        {
          number_e164: number.numberE164,
          country: "us",
          number_type: "local",
          region: "US-IL-CHICAGO-312",
          product_id: dearest.id,
        },
      ],
    });
    expect(response.status).toBe(200);
    const [item] = (await readOrder(response.body.data.reference_id)).items;
    expect(item).toMatchObject({
      product: { id: String(dearest.id), name: dearest.name },
      monthly_fee: dearest.monthlyFee.toFixed(2),
      currency: "USD",
    });
  });
});

describe("POST /order: geography items", () => {
  it("takes the lowest available numbers of the region, under the cheapest product", async () => {
    const expected = await availableIn("US-TX-DALLAS-214", 3);
    const cheapest = await cheapestProduct({
      regionId: "US-TX-DALLAS-214",
      countryId: "US",
      numberTypeId: "local",
    });
    const response = await order({
      contact_name: "A",
      items: [{ country: "US", number_type: "local", region: "US-TX-DALLAS-214", quantity: 3 }],
    });
    const view = await readOrder(response.body.data.reference_id);
    expect(view.status).toBe("completed");
    expect(view.items[0]).toMatchObject({
      quantity: 3,
      backordered_quantity: 0,
      product: { id: String(cheapest.id) },
      assigned_numbers: expected.map((n) => n.numberE164),
    });
  });

  it("without a region (not local), takes numbers of any region under the cheapest product of the type", async () => {
    const prisma = await getPrisma();
    const cheapest = await cheapestProduct({ countryId: "US", numberTypeId: "toll_free" });
    const expected = await prisma.inventoryNumber.findMany({
      where: {
        countryId: "US",
        numberTypeId: "toll_free",
        status: "available",
        requiredDocumentIds: { isEmpty: true },
      },
      orderBy: { numberE164: "asc" },
      take: 2,
    });
    const response = await order({
      contact_name: "A",
      items: [{ country: "US", number_type: "toll_free", quantity: 2 }],
    });
    const [item] = (await readOrder(response.body.data.reference_id)).items;
    expect(item).toMatchObject({
      region: null,
      product: { id: String(cheapest.id) },
      assigned_numbers: expected.map((n) => n.numberE164),
    });
  });

  it("back-orders what stock cannot cover, with the product's lead time", async () => {
    const prisma = await getPrisma();
    const region = "GB-NATIONAL-3";
    const stock = await prisma.inventoryNumber.count({
      where: { regionId: region, status: "available", requiredDocumentIds: { isEmpty: true } },
    });
    const product = await cheapestProduct({ regionId: region, countryId: "GB", numberTypeId: "national" });
    const partial = await order({
      contact_name: "A",
      items: [{ country: "GB", number_type: "national", region, quantity: stock + 2 }],
    });
    const partialView = await readOrder(partial.body.data.reference_id);
    expect(partialView.status).toBe("partially_fulfilled");
    expect(partialView.items[0]).toMatchObject({
      quantity: stock + 2,
      backordered_quantity: 2,
      estimated_lead_time: product.estimatedLeadTime,
    });
    expect(partialView.items[0].assigned_numbers).toHaveLength(stock);

    const waiting = await order({
      contact_name: "A",
      items: [{ country: "GB", number_type: "national", region, quantity: 1 }],
    });
    expect(waiting.status).toBe(200);
    expect(await readOrder(waiting.body.data.reference_id)).toMatchObject({
      status: "backordered",
      items: [{ assigned_numbers: [], backordered_quantity: 1 }],
    });
  });

  it("refuses support staff any order, for others or themselves (docs/CONTRACT.md §15)", async () => {
    for (const body of [
      { contact_name: "Sam Patel", items: [{ country: "DE", number_type: "mobile", quantity: 1 }] },
      {
        contact_name: "Sam Patel",
        organization_id: "org_globex",
        items: [{ country: "DE", number_type: "mobile" }],
      },
    ]) {
      const refused = await order(body, "support");
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(
        err(
          "Unauthorized",
          "role_forbidden",
          "The support role cannot hold numbers, use the cart and place orders; that needs the owner, admin or billing role.",
          "role=support required_role=owner|admin|billing",
        ),
      );
    }
  });
});

describe("POST /order: the documented example", () => {
  it("works when copied from GET /openapi.json, as the reference page shows it", async () => {
    type Document = {
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
    };
    const document = (await get<Document>("/openapi.json")).body;
    const example = document.paths["/order"].post.requestBody.content["application/json"].example;
    const placed = await order(example);
    expect(placed.status).toBe(200);
    const view = await readOrder(placed.body.data.reference_id);
    expect(view.contact_name).toBe("Ada Lovelace");
    expect(view.items.map((item) => item.quantity)).toEqual([2]);
  });
});
