import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { formatNational } from "@/lib/reference/phone";
import type { TestTokenName } from "@/tests/fixtures";
import { errorBody } from "@/tests/error-body";

type Placed = { data: { reference_id: string } };
type OrderView = {
  reference_id: string;
  organization_id: string;
  status: string;
  contact_name: string;
  reference_number: string | null;
  items: Array<{
    kind: string;
    region: string | null;
    product: { id: string; name: string };
    monthly_fee: string;
    setup_fee: string;
    currency: string;
    quantity: number;
    assigned_numbers: string[];
    backordered_quantity: number;
    estimated_lead_time: string;
  }>;
};

const err = errorBody;

const order = <T = Placed>(
  body: unknown,
  token: TestTokenName = "acmeAll",
  headers?: Record<string, string>,
) => api<T>("POST", "/order", { token, body, headers });
const readOrder = async (referenceId: string, token: TestTokenName = "acmeAll") =>
  (await get<{ data: OrderView }>(`/orders/${referenceId}`, { token })).body.data;

// What a product without documents may sell: numbers that need none (docs/CONTRACT.md §7).
async function availableIn(regionId: string, take: number, documentFree = true) {
  const prisma = await getPrisma();
  return prisma.inventoryNumber.findMany({
    where: {
      regionId,
      status: "available",
      ...(documentFree ? { requiredDocumentIds: { isEmpty: true } } : {}),
    },
    orderBy: { numberE164: "asc" },
    take,
  });
}

async function cheapestProduct(where: { regionId?: string; countryId: string; numberTypeId: string }) {
  const prisma = await getPrisma();
  return prisma.product.findFirstOrThrow({
    where,
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
}

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

describe("POST /order: Idempotency-Key", () => {
  it("replays the first answer for the same body, refuses another body, and is per organization", async () => {
    const body = { contact_name: "A", items: [{ country: "FR", number_type: "mobile", quantity: 2 }] };
    const key = { "idempotency-key": "order-2026-0001" };
    const first = await order(body, "acmeAll", key);
    const again = await order({ items: body.items, contact_name: "A" }, "acmeAll", key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const prisma = await getPrisma();
    expect(await prisma.order.count({ where: { referenceId: first.body.data.reference_id } })).toBe(1);
    expect((await readOrder(first.body.data.reference_id)).items[0].assigned_numbers).toHaveLength(2);

    const other = await order({ ...body, contact_name: "B" }, "acmeAll", key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(
      err(
        "Conflict",
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request body.",
        "header.idempotency-key=order-2026-0001",
      ),
    );

    const globex = await order(body, "globexAll", key);
    expect(globex.status).toBe(200);
    expect(globex.body.data.reference_id).not.toBe(first.body.data.reference_id);
  });

  it("does not keep a refused request, so a corrected retry with the same key goes through", async () => {
    const [sold] = await availableIn("FR-IDF-PARIS-1", 1, false);
    await order({ contact_name: "first", items: [{ number_e164: sold.numberE164 }] }, "globexAll");
    const key = { "idempotency-key": "retry-after-409" };
    const refused = await order(
      { contact_name: "A", items: [{ number_e164: sold.numberE164 }] },
      "acmeAll",
      key,
    );
    expect(refused.status).toBe(409);
    const retried = await order(
      { contact_name: "A", items: [{ number_e164: sold.numberE164 }] },
      "acmeAll",
      key,
    );
    expect(retried.status).toBe(409);
    const corrected = await order(
      { contact_name: "A", items: [{ country: "FR", number_type: "local", region: "FR-IDF-PARIS-1" }] },
      "acmeAll",
      key,
    );
    expect(corrected.status).toBe(200);
  });
});
