// An event carries the resource as its endpoint shows it (docs/CONTRACT.md §14). The sale writes
// its events in SQL (prisma/functions/sale_record_events.sql) while the endpoints read in
// TypeScript (lib/orders/read-orders.ts, lib/numbers/to-api.ts): here orders of every shape are
// placed, and each event of each sale must deep-equal GET /orders/{reference_id} or
// GET /numbers/{number_id} right after it, through the real route handlers.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { restockInventory } from "@/lib/orders/restock";
import { freshNumbers, INVENTORY_CSV_HEADER as HEADER } from "@/tests/inventory-csv";

type One<T = Record<string, unknown>> = { data: T };
type Placed = One<{ reference_id: string; numbers: Array<{ number_e164: string; status: string }> }>;
type SaleEvent = { type: string; data: Record<string, unknown> };

const ADDRESS = "proof_of_address";
const order = (items: unknown[]) =>
  api<Placed>("POST", "/order", { token: "acmeAll", body: { contact_name: "Drift test", items } });

async function lastSeq(): Promise<bigint> {
  const prisma = await getPrisma();
  const last = await prisma.event.findFirst({ orderBy: { seq: "desc" }, select: { seq: true } });
  return last?.seq ?? 0n;
}

/** The events recorded since `seq`, in order. */
async function eventsSince(seq: bigint): Promise<SaleEvent[]> {
  const prisma = await getPrisma();
  const rows = await prisma.event.findMany({ where: { seq: { gt: seq } }, orderBy: { seq: "asc" } });
  return rows.map((row) => ({ type: row.type, data: row.data as Record<string, unknown> }));
}

/** Each event's data is what its endpoint answers now, key for key. */
async function expectNoDrift(events: SaleEvent[]): Promise<void> {
  for (const entry of events) {
    const path = entry.type.startsWith("order.")
      ? `/orders/${String(entry.data.reference_id)}`
      : `/numbers/${String(entry.data.number_id)}`;
    const response = await get<One>(path, { token: "acmeAll" });
    expect(response.status, path).toBe(200);
    expect(entry.data, `${entry.type} ${path}`).toStrictEqual(response.body.data);
  }
}

const types = (events: SaleEvent[]) => events.map((entry) => entry.type);

let mixedRegion = "";
let plainProduct = 0;
let documentedProduct = 0;

beforeAll(async () => {
  const prisma = await getPrisma();
  // A US local region with numbers of both kinds: some need a proof of address.
  const [mixed] = await prisma.inventoryNumber.groupBy({
    by: ["regionId"],
    where: {
      countryId: "US",
      numberTypeId: "local",
      status: "available",
      requiredDocumentIds: { has: ADDRESS },
    },
    _count: true,
    orderBy: [{ _count: { regionId: "desc" } }, { regionId: "asc" }],
    take: 1,
  });
  mixedRegion = mixed.regionId;
  const plain = await prisma.product.findFirstOrThrow({
    where: { regionId: mixedRegion, requiredDocuments: { none: {} } },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  plainProduct = plain.id;
  const { id: _id, name: _name, ...rest } = plain;
  documentedProduct = (
    await prisma.product.create({
      data: { ...rest, name: "Local Verified", requiredDocuments: { create: [{ documentTypeId: ADDRESS }] } },
    })
  ).id;
});

describe("a sale's events and the endpoints agree", () => {
  it("named numbers", async () => {
    const prisma = await getPrisma();
    const numbers = await prisma.inventoryNumber.findMany({
      where: { regionId: mixedRegion, status: "available", requiredDocumentIds: { isEmpty: true } },
      orderBy: { numberE164: "desc" },
      take: 2,
    });
    const since = await lastSeq();
    const placed = await order(numbers.map((number) => ({ number_e164: number.numberE164 })));
    expect(placed.status).toBe(200);
    const events = await eventsSince(since);
    expect(types(events)).toEqual(["number.assigned", "number.assigned", "order.created", "order.completed"]);
    await expectNoDrift(events);
  });

  it("a geography whose numbers wait for documents, and one back-ordered beyond stock", async () => {
    const since = await lastSeq();
    const placed = await order([
      {
        country: "US",
        number_type: "local",
        region: mixedRegion,
        product_id: documentedProduct,
        quantity: 2,
      },
      { country: "GB", number_type: "national", quantity: 100 },
    ]);
    expect(placed.status).toBe(200);
    expect(placed.body.data.numbers.map((number) => number.status)).toContain("pending_documents");
    const events = await eventsSince(since);
    expect(types(events).at(-1)).toBe("order.created");
    const created = events.at(-1)?.data as { status: string; numbers_waiting_for_documents: number };
    expect(created.status).not.toBe("completed");
    expect(created.numbers_waiting_for_documents).toBeGreaterThan(0);
    await expectNoDrift(events);
  });

  it("a back-order, then its fill by an inventory import", async () => {
    const region = "GB-NATIONAL-3";
    const prisma = await getPrisma();
    const stock = await prisma.inventoryNumber.count({
      where: {
        countryId: "GB",
        numberTypeId: "national",
        status: "available",
        requiredDocumentIds: { isEmpty: true },
      },
    });
    const placed = await order([{ country: "GB", number_type: "national", region, quantity: stock + 2 }]);
    expect(placed.status).toBe(200);

    const fresh = await freshNumbers(region, 2);
    const since = await lastSeq();
    const filled = await restockInventory(
      [HEADER, ...fresh.map((number) => `${number},${region},true,true,`)].join("\n"),
    );
    expect(filled.backorders.assignedNumbers).toBeGreaterThan(0);
    const events = await eventsSince(since);
    expect(types(events)).toContain("order.backorder_filled");
    await expectNoDrift(events);
  });

  it("with an approved bundle that covers the documents: active at once", async () => {
    const prisma = await getPrisma();
    const endUser = await prisma.endUser.create({
      data: { id: newId("endUser"), organizationId: "org_acme", type: "business", name: "Drift Test" },
    });
    const document = newId("document");
    const bytes = Buffer.from(`%PDF-1.4 ${document}`);
    await prisma.complianceDocument.create({
      data: {
        id: document,
        organizationId: "org_acme",
        documentTypeId: ADDRESS,
        endUserId: endUser.id,
        addressId: null,
        fileName: "proof.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      },
    });
    const bundle = newId("bundle");
    await prisma.complianceBundle.create({
      data: {
        id: bundle,
        organizationId: "org_acme",
        countryId: "US",
        numberTypeId: "local",
        endUserId: endUser.id,
        status: "approved",
        documents: { create: [{ documentId: document, position: 0 }] },
      },
    });
    // Enough of the region's lowest numbers to reach one that needs the proof the bundle carries.
    const needing = await prisma.inventoryNumber.findFirstOrThrow({
      where: { regionId: mixedRegion, status: "available", requiredDocumentIds: { has: ADDRESS } },
      orderBy: { numberE164: "asc" },
    });
    const below = await prisma.inventoryNumber.count({
      where: { regionId: mixedRegion, status: "available", numberE164: { lt: needing.numberE164 } },
    });
    const since = await lastSeq();
    const placed = await order([
      {
        country: "US",
        number_type: "local",
        region: mixedRegion,
        product_id: plainProduct,
        quantity: below + 1,
        bundle_id: bundle,
      },
    ]);
    expect(placed.status).toBe(200);
    const events = await eventsSince(since);
    expect(types(events)).toContain("number.activated");
    await expectNoDrift(events);
  });

  it("a refused order writes no event and no order", async () => {
    const prisma = await getPrisma();
    const sold = await prisma.inventoryNumber.findFirstOrThrow({ where: { status: "sold" } });
    const orders = await prisma.order.count();
    const since = await lastSeq();
    const refused = await order([{ number_e164: sold.numberE164 }]);
    expect(refused.status).toBe(409);
    expect(await eventsSince(since)).toEqual([]);
    expect(await prisma.order.count()).toBe(orders);
  });
});
