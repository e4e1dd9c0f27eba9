import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, dispatch, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { testTokens } from "@/tests/fixtures";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import {
  MONDAY,
  makeEndUserAndAddress,
  makePortOrder,
  orderBody,
  signLoa,
  type PortOrderAnswer,
} from "@/lib/porting/test-orders";

// A recent bill attached to a port order (docs/API.md "Port-in"): uploaded with POST /documents
// as type bill, named by bill_document_id in POST and PATCH /port_orders while the order can be
// edited, detached with null, answered in the order, kept by the order against deletion; a
// document of another type or another organization is 400 invalid_parameter alike.

type Order = PortOrderAnswer & { bill_document_id: string | null };

const PDF = Buffer.from("%PDF-1.4\n% a recent bill\n%%EOF\n");

let acme: { endUserId: string; addressId: string };
let bill: string;

/** POST /documents as the portal does: multipart, a PDF of type `type`. */
async function upload(type: string, endUserId: string, token: "acmeAll" | "globexAll" = "acmeAll") {
  const form = new FormData();
  form.append("document_type_id", type);
  form.append("end_user_id", endUserId);
  form.append("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "bill.pdf");
  const response = await dispatch(
    new Request("http://localhost:3000/api/v2/documents", {
      method: "POST",
      headers: { authorization: `Bearer ${testTokens[token].secret}` },
      body: form,
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { document_id: string } }).data.document_id;
}

/** A document written straight to the table (its file does not matter here). */
async function documentOf(organizationId: string, type: string) {
  const prisma = await getPrisma();
  const { endUserId } = await makeEndUserAndAddress(organizationId);
  const row = await prisma.complianceDocument.create({
    data: {
      id: newId("document"),
      organizationId,
      documentTypeId: type,
      endUserId,
      contentType: "application/pdf",
      size: 10,
      sha256: "0".repeat(64),
    },
  });
  return row.id;
}

const patch = (id: string, body: unknown, version: number) =>
  api<{ data: Order }>("PATCH", `/port_orders/${id}`, {
    token: "acmeAll",
    body,
    headers: { "If-Match": `"${id}.v${version}"` },
  });

const refusal = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const notOurs = (id: string) =>
  refusal(
    "bill_document_id must name a document of your organization: upload the bill first (POST /documents with document_type_id bill).",
    `body.bill_document_id=${id}`,
  );

beforeAll(async () => {
  setRequestClock(() => MONDAY);
  acme = await makeEndUserAndAddress("org_acme");
  bill = await upload("bill", acme.endUserId);
});
afterAll(() => setRequestClock(undefined));

describe("bill_document_id on POST /port_orders", () => {
  it("attaches an uploaded bill to the draft, and the order answers it", async () => {
    const created = await api<{ data: Order[] }>("POST", "/port_orders", {
      token: "acmeAll",
      body: orderBody(acme, ["+442079463010"], { bill_document_id: bill }),
    });
    expect(created.status).toBe(201);
    const [order] = created.body.data;
    expect(order.bill_document_id).toBe(bill);
    const read = await get<{ data: Order }>(`/port_orders/${order.port_order_id}`, { token: "acmeAll" });
    expect(read.body.data.bill_document_id).toBe(bill);
    const without = await api<{ data: Order[] }>("POST", "/port_orders", {
      token: "acmeAll",
      body: orderBody(acme, ["+442079463011"]),
    });
    expect(without.body.data[0].bill_document_id).toBeNull();
  });

  it("refuses another type, another organization's document and a missing one alike, creating nothing", async () => {
    const passport = await documentOf("org_acme", "passport");
    const globex = await documentOf("org_globex", "bill");
    const missing = "doc_0123456789abcdef";
    const prisma = await getPrisma();
    const before = await prisma.portOrder.count();
    const cases: [string, ReturnType<typeof refusal>][] = [
      [
        passport,
        refusal(
          `bill_document_id must name a document of type bill; ${passport} is of type passport.`,
          `body.bill_document_id=${passport}, document_type_id=passport`,
        ),
      ],
      [globex, notOurs(globex)],
      [missing, notOurs(missing)],
    ];
    for (const [id, body] of cases) {
      const response = await api("POST", "/port_orders", {
        token: "acmeAll",
        body: orderBody(acme, ["+442079463012"], { bill_document_id: id }),
      });
      expect([response.status, response.body]).toEqual([400, body]);
    }
    const malformed = await api("POST", "/port_orders", {
      token: "acmeAll",
      body: orderBody(acme, ["+442079463012"], { bill_document_id: "not an id!" }),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: { code: "invalid_parameter" } });
    expect(await prisma.portOrder.count()).toBe(before);
  });
});

describe("bill_document_id on PATCH /port_orders/{id}", () => {
  it("attaches, replaces and detaches (null) with If-Match; the LOA stays signed; each change is audited", async () => {
    const order = await makePortOrder("org_acme");
    await signLoa(order.id);
    const second = await upload("bill", acme.endUserId);
    expect((await api("PATCH", `/port_orders/${order.id}`, { token: "acmeAll", body: {} })).status).toBe(428);
    const attached = await patch(order.id, { bill_document_id: bill }, 1);
    expect(attached.status).toBe(200);
    expect(attached.body.data).toMatchObject({ bill_document_id: bill, loa_signed: true, version: 2 });
    const replaced = await patch(order.id, { bill_document_id: second }, 2);
    expect(replaced.body.data).toMatchObject({ bill_document_id: second, version: 3 });
    const stale = await patch(order.id, { bill_document_id: null }, 2);
    expect(stale.status).toBe(412);
    const detached = await patch(order.id, { bill_document_id: null }, 3);
    expect(detached.body.data).toMatchObject({ bill_document_id: null, loa_signed: true, version: 4 });
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: { resourceId: order.id, action: "port_order.changed" },
      orderBy: { at: "asc" },
    });
    expect(audit.map((entry) => entry.changes)).toEqual([
      [{ field: "bill_document_id", from: null, to: bill }],
      [{ field: "bill_document_id", from: bill, to: second }],
      [{ field: "bill_document_id", from: second, to: null }],
    ]);
  });

  it("changes an order in exception, not one already submitted", async () => {
    const exception = await makePortOrder("org_acme", { status: "exception" });
    expect((await patch(exception.id, { bill_document_id: bill }, 1)).body.data.bill_document_id).toBe(bill);
    const submitted = await makePortOrder("org_acme", { status: "submitted" });
    const refused = await patch(submitted.id, { bill_document_id: bill }, 1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: {
        code: "invalid_transition",
        details: "status=submitted, action=edit, allowed=draft|exception",
      },
    });
  });

  it("refuses another organization's bill as a missing one, and changes nothing", async () => {
    const order = await makePortOrder("org_acme");
    const globex = await upload("bill", (await makeEndUserAndAddress("org_globex")).endUserId, "globexAll");
    const response = await patch(order.id, { bill_document_id: globex }, 1);
    expect([response.status, response.body]).toEqual([400, notOurs(globex)]);
    const prisma = await getPrisma();
    const row = await prisma.portOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.billDocumentId, row.version]).toEqual([null, 1]);
  });
});

describe("DELETE /documents/{id} of an attached bill", () => {
  it("is 409 document_in_use naming the order while attached, and works once detached", async () => {
    const order = await makePortOrder("org_acme");
    const own = await upload("bill", acme.endUserId);
    await patch(order.id, { bill_document_id: own }, 1);
    const refused = await api("DELETE", `/documents/${own}`, { token: "acmeAll" });
    expect([refused.status, refused.body]).toEqual([
      409,
      errorBody(
        "Conflict",
        "document_in_use",
        `Document ${own} is the bill of port order ${order.id}; it cannot be deleted.`,
        `document_id=${own}, port_order_id=${order.id}`,
      ),
    ]);
    await patch(order.id, { bill_document_id: null }, 2);
    expect((await api("DELETE", `/documents/${own}`, { token: "acmeAll" })).status).toBe(204);
  });
});
