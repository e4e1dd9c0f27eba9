// docs/CONTRACT.md §7: a geography item only hands out numbers whose required documents are all among
// its product's, both when the order is placed and when a back-order is filled later; the
// order's answer and GET /orders/{reference_id} list each number's required documents.
import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { restockInventory } from "@/lib/orders/restock";
import { freshNumbers, INVENTORY_CSV_HEADER as HEADER } from "@/tests/inventory-csv";
import type { TestTokenName } from "@/tests/fixtures";

type Document = { document_type_id: string; name: string; more_information: string };
type Placed = {
  data: {
    reference_id: string;
    numbers: Array<{ number_e164: string; position: number; required_documents: Document[] }>;
  };
};
type View = {
  reference_id: string;
  status: string;
  numbers_waiting_for_documents: number;
  items: Array<{
    assigned_numbers: string[];
    numbers: Array<{ number_e164: string; required_documents: Document[] }>;
    backordered_quantity: number;
  }>;
};

const ADDRESS = "proof_of_address";
let region = "";
let raceRegion = "";
let racePlainProductId = 0;
let raceDocumentedProductId = 0;
let plainProductId = 0;
let documentedProductId = 0;
let address: Document;

const MAX_PER_ITEM = 100;
/** One order of `quantity` numbers of the region, in items of at most 100. */
const order = (productId: number, quantity: number, where = region, token: TestTokenName = "acmeAll") =>
  api<Placed>("POST", "/order", {
    token,
    body: {
      contact_name: "Documents test",
      items: Array.from({ length: Math.ceil(quantity / MAX_PER_ITEM) }, (_, index) => ({
        country: "US",
        number_type: "local",
        region: where,
        product_id: productId,
        quantity: Math.min(MAX_PER_ITEM, quantity - index * MAX_PER_ITEM),
      })),
    },
  });
// Where each number lands when `count` are bought in items of 100, lowest first.
const positionAt = (index: number) => Math.floor(index / MAX_PER_ITEM);
const view = async (referenceId: string) =>
  (await get<{ data: View }>(`/orders/${referenceId}`, { token: "support" })).body.data;

async function available(needsDocuments: boolean | undefined, where = region) {
  const prisma = await getPrisma();
  const documents =
    needsDocuments === undefined
      ? {}
      : needsDocuments
        ? { NOT: { requiredDocumentIds: { isEmpty: true } } }
        : { requiredDocumentIds: { isEmpty: true } };
  return prisma.inventoryNumber.findMany({
    where: { regionId: where, status: "available", ...documents },
    orderBy: { numberE164: "asc" },
    select: { numberE164: true, requiredDocumentIds: true },
  });
}

/** The region's cheapest product (it needs no documents) and a new one that needs a proof of address. */
async function productsOf(regionId: string): Promise<[number, number]> {
  const prisma = await getPrisma();
  const plain = await prisma.product.findFirstOrThrow({
    where: { regionId, requiredDocuments: { none: {} } },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  const { id: _id, name: _name, ...rest } = plain;
  const documented = await prisma.product.create({
    data: { ...rest, name: "Local Verified", requiredDocuments: { create: [{ documentTypeId: ADDRESS }] } },
  });
  return [plain.id, documented.id];
}

beforeAll(async () => {
  const prisma = await getPrisma();
  // The demo's US local regions sell under products that need no documents, while about one
  // number in ten needs a proof of address: take the smallest region that has both kinds.
  const mixed = await prisma.inventoryNumber.groupBy({
    by: ["regionId"],
    where: {
      countryId: "US",
      numberTypeId: "local",
      status: "available",
      requiredDocumentIds: { has: ADDRESS },
    },
    _count: true,
  });
  const sizes = await prisma.inventoryNumber.groupBy({
    by: ["regionId"],
    where: {
      regionId: { in: mixed.filter((row) => row._count >= 3).map((row) => row.regionId) },
      status: "available",
    },
    _count: true,
    orderBy: [{ _count: { regionId: "asc" } }, { regionId: "asc" }],
  });
  region = sizes[0].regionId;
  raceRegion = sizes[1].regionId;
  [plainProductId, documentedProductId] = await productsOf(region);
  [racePlainProductId, raceDocumentedProductId] = await productsOf(raceRegion);
  const type = await prisma.documentType.findUniqueOrThrow({ where: { id: ADDRESS } });
  address = { document_type_id: ADDRESS, name: type.name, more_information: type.moreInformation };
});

describe("geography orders honour the product's documents", () => {
  it("a product with the documents takes the lowest numbers of either kind, and each is listed with its documents", async () => {
    const all = await available(undefined);
    // Enough to reach the first number that needs a document, and one beyond it.
    const quantity = all.findIndex((number) => number.requiredDocumentIds.length > 0) + 2;
    const expected = all.slice(0, quantity);
    expect(expected.filter((number) => number.requiredDocumentIds.length > 0).length).toBeGreaterThan(0);

    const response = await order(documentedProductId, quantity);
    expect(response.status).toBe(200);
    const listed = expected.map((number) => ({
      number_e164: number.numberE164,
      required_documents: number.requiredDocumentIds.length > 0 ? [address] : [],
    }));
    expect(response.body.data.numbers).toEqual(
      listed.map((entry, index) => ({
        ...entry,
        position: positionAt(index),
        // docs/CONTRACT.md §17: no approved bundle covers the address, so those numbers wait for one.
        ...(entry.required_documents.length > 0
          ? { status: "pending_documents", documents_due: expect.any(String) }
          : { status: "active", documents_due: null }),
      })),
    );
    const detail = await view(response.body.data.reference_id);
    expect(detail.status).toBe("completed");
    // All arrived, but those needing the address wait for it: the list says so as the detail does.
    const waiting = listed.filter((entry) => entry.required_documents.length > 0).length;
    expect(detail.numbers_waiting_for_documents).toBe(waiting);
    const list = await get<{ data: View[] }>("/orders?limit=1", { token: "acmeAll" });
    expect(list.body.data.map((row) => [row.reference_id, row.numbers_waiting_for_documents])).toEqual([
      [response.body.data.reference_id, waiting],
    ]);
    expect(detail.items.flatMap((item) => item.numbers)).toEqual(listed);
    expect(detail.items.flatMap((item) => item.assigned_numbers)).toEqual(
      listed.map((entry) => entry.number_e164),
    );
  });

  it("a product without documents gets only the numbers that need none, and back-orders the rest", async () => {
    const free = await available(false);
    const needing = await available(true);
    expect(needing.length).toBeGreaterThan(0);

    const response = await order(plainProductId, free.length + 2);
    expect(response.status).toBe(200);
    expect(response.body.data.numbers).toEqual(
      free.map((number, index) => ({
        number_e164: number.numberE164,
        position: positionAt(index),
        required_documents: [],
        status: "active",
        documents_due: null,
      })),
    );
    const placed = await view(response.body.data.reference_id);
    expect(placed.status).toBe("partially_fulfilled");
    expect(placed.numbers_waiting_for_documents).toBe(0);
    expect(placed.items.flatMap((item) => item.assigned_numbers)).toEqual(
      free.map((number) => number.numberE164),
    );
    expect(placed.items.reduce((sum, item) => sum + item.backordered_quantity, 0)).toBe(2);
    // The numbers that need a proof of address are still for sale.
    expect(await available(true)).toEqual(needing);

    // Filling the back-order later follows the same rule: a restocked number that needs a
    // document is passed over, the document-free ones are taken.
    const [withAddress, plainA, plainB] = await freshNumbers(region, 3);
    const csv = [
      HEADER,
      `${withAddress},${region},true,true,${ADDRESS}`,
      `${plainA},${region},true,true,`,
      `${plainB},${region},true,true,`,
    ].join("\n");
    const restock = await restockInventory(csv);
    expect(restock.backorders).toEqual({
      assignedNumbers: 2,
      orders: [{ referenceId: response.body.data.reference_id, status: "completed" }],
    });
    const filled = await view(response.body.data.reference_id);
    expect(filled.items.map((item) => item.backordered_quantity)).toEqual(filled.items.map(() => 0));
    expect(filled.items.flatMap((item) => item.assigned_numbers).sort()).toEqual(
      [...free.map((number) => number.numberE164), plainA, plainB].sort(),
    );
    expect((await available(true)).map((number) => number.numberE164)).toEqual(
      [...needing.map((number) => number.numberE164), withAddress].sort(),
    );
  });

  it("a product with the documents then takes what the other had to leave", async () => {
    const needing = await available(true);
    const response = await order(documentedProductId, needing.length);
    expect(response.body.data.numbers).toEqual(
      needing.map((number, index) => ({
        number_e164: number.numberE164,
        position: positionAt(index),
        required_documents: [address],
        status: "pending_documents",
        documents_due: expect.any(String),
      })),
    );
    expect(await available(undefined)).toEqual([]);
  });
});

describe("geography orders with and without documents racing for one region", () => {
  it("never sell a number twice, nor one that needs a document to a product without it", async () => {
    const prisma = await getPrisma();
    const stock = (await available(undefined, raceRegion)).length;
    const orders = 10;
    // Each half alone asks for more than the whole stock, so every number ends up sold.
    const each = Math.ceil(stock / (orders / 2)) + 1;
    const responses = await Promise.all(
      Array.from({ length: orders }, (_, index) =>
        order(
          index % 2 ? racePlainProductId : raceDocumentedProductId,
          each,
          raceRegion,
          index % 4 < 2 ? "acmeAll" : "globexAll",
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(orders).fill(200));

    const sold = await prisma.inventoryNumber.findMany({
      where: {
        orderItem: { order: { referenceId: { in: responses.map((r) => r.body.data.reference_id) } } },
      },
      select: { numberE164: true, requiredDocumentIds: true, orderItem: { select: { productId: true } } },
    });
    expect(new Set(sold.map((number) => number.numberE164)).size).toBe(sold.length);
    expect(sold).toHaveLength(stock);
    expect(await available(undefined, raceRegion)).toEqual([]);
    const wronglySold = sold.filter(
      (number) => number.orderItem?.productId === racePlainProductId && number.requiredDocumentIds.length > 0,
    );
    expect(wronglySold).toEqual([]);
    // What each answer listed is what each order holds.
    const listed = responses.flatMap((response) =>
      response.body.data.numbers.map((number) => number.number_e164),
    );
    expect(listed.sort()).toEqual(sold.map((number) => number.numberE164).sort());
    const items = await prisma.orderItem.findMany({
      where: { order: { referenceId: { in: responses.map((r) => r.body.data.reference_id) } } },
      include: { numbers: true },
    });
    expect(items.reduce((sum, item) => sum + item.numbers.length + item.backorderedQuantity, 0)).toBe(
      orders * each,
    );
  });
});
