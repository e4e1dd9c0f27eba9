import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { demoOwnedNumbers } from "@/prisma/seed/fixtures";
import { errorBody } from "@/tests/error-body";

type OrderView = {
  reference_id: string;
  organization_id: string;
  created_at: string;
  status: string;
  items: Array<Record<string, unknown>>;
};

const err = errorBody;

async function expectedOrders(organizationId?: string) {
  const prisma = await getPrisma();
  const rows = await prisma.order.findMany({
    where: organizationId ? { organizationId } : {},
    select: { referenceId: true, createdAt: true, id: true },
  });
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((row) => row.referenceId);
}

describe("GET /orders", () => {
  it("lists the organization's orders, newest first, with the count", async () => {
    await api("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Newest", items: [{ country: "NL", number_type: "mobile" }] },
    });
    const expected = await expectedOrders("org_acme");
    const response = await get<{ data: OrderView[] }>("/orders?limit=100", { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(response.body.data.map((order) => order.reference_id)).toEqual(expected);
    expect(response.headers.get("x-total-count")).toBe(String(expected.length));
    expect(response.body.data[0]).toMatchObject({
      organization_id: "org_acme",
      status: "completed",
      items: [{ country: "NL", number_type: "mobile", quantity: 1 }],
    });
    expect(new Set(response.body.data.map((order) => order.organization_id))).toEqual(new Set(["org_acme"]));
  });

  it("pages with limit and offset", async () => {
    const expected = await expectedOrders("org_globex");
    const response = await get<{ data: OrderView[] }>("/orders?limit=2&offset=2", { token: "globexAll" });
    expect(response.body.data.map((order) => order.reference_id)).toEqual(expected.slice(2, 4));
    expect(response.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/orders?limit=2&offset=4>; rel="next", <http://localhost:3000/api/v2/orders?limit=2&offset=0>; rel="prev"',
    );
  });

  it("shows support every organization, narrowed by organization_id; a customer who sends it gets 400, as on /numbers", async () => {
    const all = await get<{ data: OrderView[] }>("/orders?limit=100", { token: "support" });
    expect(all.body.data.map((order) => order.reference_id)).toEqual(await expectedOrders());
    const globex = await get<{ data: OrderView[] }>("/orders?limit=100&organization_id=org_globex", {
      token: "support",
    });
    expect(globex.body.data.map((order) => order.reference_id)).toEqual(await expectedOrders("org_globex"));
    for (const organizationId of ["org_globex", "org_acme"]) {
      const peek = await get(`/orders?organization_id=${organizationId}`, { token: "acmeAll" });
      expect(peek.status).toBe(400);
      expect(peek.body).toEqual(
        err(
          "Bad Request",
          "invalid_parameter",
          "organization_id is for support users",
          `query.organization_id=${organizationId}`,
        ),
      );
    }
  });

  it.each([
    [
      "/orders?limit=0",
      err("Bad Request", "invalid_parameter", "limit must be an integer between 1 and 100", "query.limit=0"),
    ],
    [
      "/orders?limit=101",
      err(
        "Bad Request",
        "invalid_parameter",
        "limit must be an integer between 1 and 100",
        "query.limit=101",
      ),
    ],
    [
      "/orders?offset=-2",
      err(
        "Bad Request",
        "invalid_parameter",
        "offset must be an integer between 0 and 100000",
        "query.offset=-2",
      ),
    ],
    [
      "/orders?status=completed",
      err("Bad Request", "invalid_parameter", "unknown query parameter: status", "query.status"),
    ],
  ])("GET %s → 400", async (path, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it("needs the orders:read scope", async () => {
    const response = await get("/orders", { token: "acmeInventoryOnly" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'orders:read' scope.",
        "required_scope=orders:read",
      ),
    );
  });
});

describe("GET /orders/{reference_id}", () => {
  const acmeOrder = demoOwnedNumbers.find((entry) => entry.id === "num_acme_berlin");
  const globexOrder = demoOwnedNumbers.find((entry) => entry.id === "num_globex_paris");

  it("describes an order with its items, prices and numbers", async () => {
    const prisma = await getPrisma();
    const configuration = await prisma.numberConfiguration.findUniqueOrThrow({
      where: { id: "num_acme_berlin" },
      include: { inventoryNumber: { include: { orderItem: { include: { product: true } } } } },
    });
    const item = configuration.inventoryNumber?.orderItem;
    // A Berlin number needs documents, and the order lists them with their names.
    const documentIds = configuration.inventoryNumber?.requiredDocumentIds ?? [];
    expect(documentIds.length).toBeGreaterThan(0);
    const types = await prisma.documentType.findMany({ where: { id: { in: documentIds } } });
    const expectedDocuments = documentIds.map((id) => {
      const type = types.find((entry) => entry.id === id);
      return { document_type_id: id, name: type?.name, more_information: type?.moreInformation };
    });
    const response = await get<{ data: OrderView }>(`/orders/${acmeOrder?.orderReferenceId.toLowerCase()}`, {
      token: "acmeAll",
    });
    expect(response.status).toBe(200);
    expect(configuration.status).toBe("active");
    expect(response.body.data).toEqual({
      reference_id: acmeOrder?.orderReferenceId,
      organization_id: "org_acme",
      status: "completed",
      created_at: acmeOrder?.orderedAt.replace("Z", ".000Z"),
      contact_name: expect.any(String),
      reference_number: acmeOrder?.referenceNumber,
      // The demo's number is active (lib/orders/documents.test.ts buys ones that wait).
      numbers_waiting_for_documents: 0,
      items: [
        {
          position: 0,
          kind: item?.kind,
          number_e164: item?.numberE164,
          country: "DE",
          number_type: "local",
          region: "DE-BE-BERLIN-30",
          product: { id: String(item?.product.id), name: item?.product.name },
          currency: "EUR",
          monthly_fee: item?.monthlyFee.isZero() ? "0" : item?.monthlyFee.toFixed(2),
          setup_fee: item?.setupFee.isZero() ? "0" : item?.setupFee.toFixed(2),
          quantity: 1,
          assigned_numbers: [configuration.number],
          numbers: [{ number_e164: configuration.number, required_documents: expectedDocuments }],
          backordered_quantity: 0,
          estimated_lead_time: item?.estimatedLeadTime,
          bundle_id: null,
        },
      ],
    });
  });

  it("answers another organization's order, or none, with 404; support sees it", async () => {
    const reference = globexOrder?.orderReferenceId ?? "";
    for (const path of [`/orders/${reference}`, "/orders/ORD-AAAAAAAAAA"]) {
      const id = path.split("/")[2];
      const response = await get(path, { token: "acmeAll" });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(
        err("Not Found", "not_found", `There is no order ${id}.`, `reference_id=${id}`),
      );
    }
    const support = await get<{ data: OrderView }>(`/orders/${reference}`, { token: "support" });
    expect(support.body.data.organization_id).toBe("org_globex");
  });
});
