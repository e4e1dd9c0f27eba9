import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import {
  MONDAY,
  makeEndUserAndAddress,
  makePortOrder,
  orderBody,
  signLoa,
  type PortOrderAnswer,
} from "@/lib/porting/test-orders";

// Reading, changing and deleting port orders (docs/API.md "Port-in"): ETag and If-Match,
// only a draft or an order in exception changes, changing what the LOA names unsigns it, only a
// draft is deleted, and another organization's order is 404.

let acme: { endUserId: string; addressId: string };
let draft: PortOrderAnswer;

beforeAll(async () => {
  setRequestClock(() => MONDAY);
  acme = await makeEndUserAndAddress("org_acme");
  const created = await api<{ data: PortOrderAnswer[] }>("POST", "/port_orders", {
    token: "acmeAll",
    body: orderBody(acme, ["+442079462010", "+442079462011"]),
  });
  draft = created.body.data[0];
});
afterAll(() => setRequestClock(undefined));

const patch = (id: string, body: unknown, ifMatch?: string) =>
  api<{ data: PortOrderAnswer }>("PATCH", `/port_orders/${id}`, {
    token: "acmeAll",
    body,
    headers: ifMatch === undefined ? {} : { "If-Match": ifMatch },
  });

describe("GET /port_orders", () => {
  it("lists the organization's orders newest first, filtered by status, paged", async () => {
    await makePortOrder("org_acme", { status: "submitted" });
    const all = await get<{ data: PortOrderAnswer[] }>("/port_orders?limit=1", { token: "acmeAll" });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(Number(all.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    const drafts = await get<{ data: PortOrderAnswer[] }>("/port_orders?status=draft", { token: "acmeAll" });
    expect(drafts.body.data.every((order) => order.status === "draft")).toBe(true);
    expect(drafts.body.data.map((order) => order.port_order_id)).toContain(draft.port_order_id);
    const globex = await get<{ data: PortOrderAnswer[] }>("/port_orders", { token: "globexAll" });
    expect(globex.body.data.map((order) => order.port_order_id)).not.toContain(draft.port_order_id);
  });

  it("reads one with its ETag; another organization's is 404, support reads it", async () => {
    const one = await get<{ data: PortOrderAnswer }>(`/port_orders/${draft.port_order_id}`, {
      token: "acmeAll",
    });
    expect(one.status).toBe(200);
    expect(one.headers.get("ETag")).toBe(`"${draft.port_order_id}.v1"`);
    expect(one.body.data).toEqual(draft);
    const other = await get(`/port_orders/${draft.port_order_id}`, { token: "globexAll" });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({
      error: { code: "not_found", details: `port_order_id=${draft.port_order_id}` },
    });
    expect((await get(`/port_orders/${draft.port_order_id}`, { token: "support" })).status).toBe(200);
  });
});

describe("PATCH /port_orders/{id}", () => {
  it("needs If-Match (428) and the current ETag (412)", async () => {
    const id = draft.port_order_id;
    expect((await patch(id, { losing_carrier: { account_number: "ACC-43" } })).status).toBe(428);
    const stale = await patch(id, { losing_carrier: { account_number: "ACC-43" } }, `"${id}.v7"`);
    expect(stale.status).toBe(412);
    const prisma = await getPrisma();
    expect((await prisma.portOrder.findUniqueOrThrow({ where: { id } })).accountNumber).toBe("ACC-42");
  });

  it("changes a draft; changing what the LOA names unsigns it, a new PIN does not", async () => {
    const order = await makePortOrder("org_acme");
    await signLoa(order.id);
    const pin = await patch(order.id, { losing_carrier: { pin: "1111" } }, `"${order.id}.v1"`);
    expect(pin.status).toBe(200);
    expect(pin.body.data).toMatchObject({ version: 2, loa_signed: true, losing_carrier: { pin_set: true } });
    expect(pin.headers.get("ETag")).toBe(`"${order.id}.v2"`);
    const account = await patch(
      order.id,
      { losing_carrier: { account_number: "ACC-99" } },
      `"${order.id}.v2"`,
    );
    expect(account.body.data).toMatchObject({
      version: 3,
      loa_signed: false,
      losing_carrier: { account_number: "ACC-99" },
    });
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: { resourceId: order.id, action: "port_order.changed" },
      orderBy: { at: "asc" },
    });
    expect(audit.map((entry) => entry.changes)).toEqual([
      [{ field: "losing_carrier.pin", from: "[redacted]", to: "[redacted]" }],
      [
        { field: "loa_document_id", from: expect.any(String), to: null },
        { field: "losing_carrier.account_number", from: "ACC-1", to: "ACC-99" },
      ],
    ]);
  });

  it("refuses a change once submitted: 400 invalid_transition naming the states that allow it", async () => {
    const order = await makePortOrder("org_acme", { status: "submitted" });
    const response = await patch(order.id, { losing_carrier: { account_number: "X" } }, `"${order.id}.v1"`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        code: "invalid_transition",
        details: "status=submitted, action=edit, allowed=draft|exception",
      },
    });
  });

  it("refuses a Saturday FOC date and another organization's order", async () => {
    const saturday = await patch(
      draft.port_order_id,
      { requested_foc_date: "2027-01-30" },
      `"${draft.port_order_id}.v1"`,
    );
    expect(saturday.status).toBe(400);
    expect(saturday.body).toMatchObject({ error: { code: "foc_date_not_allowed" } });
    const globex = await makePortOrder("org_globex");
    const other = await patch(globex.id, { losing_carrier: { account_number: "X" } }, `"${globex.id}.v1"`);
    expect(other.status).toBe(404);
  });
});

describe("DELETE /port_orders/{id}", () => {
  it("deletes a draft, and only a draft", async () => {
    const order = await makePortOrder("org_acme");
    const deleted = await api("DELETE", `/port_orders/${order.id}`, { token: "acmeAll" });
    expect(deleted.status).toBe(204);
    expect((await get(`/port_orders/${order.id}`, { token: "acmeAll" })).status).toBe(404);
    const submitted = await makePortOrder("org_acme", { status: "submitted" });
    const refused = await api("DELETE", `/port_orders/${submitted.id}`, { token: "acmeAll" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { code: "invalid_transition", details: "status=submitted, action=delete, allowed=draft" },
    });
    const globex = await makePortOrder("org_globex");
    expect((await api("DELETE", `/port_orders/${globex.id}`, { token: "acmeAll" })).status).toBe(404);
    const prisma = await getPrisma();
    expect(await prisma.portOrder.count({ where: { id: { in: [submitted.id, globex.id] } } })).toBe(2);
  });
});
