import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { sessionHeaders } from "@/tests/session";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { carrierMover, movePortOrder } from "@/lib/porting/move";
import { MONDAY, makeEndUserAndAddress, makePortOrder, orderBody } from "@/lib/porting/test-orders";

// Who wrote each timeline entry (docs/API.md "Port-in"): GET /port_orders/{id}/events names the
// actor (a member's name, a token's name, Support for the desk, the losing carrier, the LOA's
// signer), the LOA's signature is an entry of its own kind, and support comments on any
// organization's order while customers comment as before.

type Entry = {
  kind: string;
  actor: { kind: string; id: string | null; name: string | null };
  body: string | null;
};

const events = async (orderId: string, token: "acmeAll" | "support" = "acmeAll") => {
  const response = await get<{ data: Entry[] }>(`/port_orders/${orderId}/events`, { token });
  expect(response.status).toBe(200);
  return response.body.data.map((entry) => [entry.kind, entry.actor.kind, entry.actor.name]);
};

const comment = (orderId: string, request: Parameters<typeof api>[2], body = "Any news?") =>
  api<{ data: Entry }>("POST", `/port_orders/${orderId}/comments`, { ...request, body: { body } });

beforeAll(() => setRequestClock(() => MONDAY));
afterAll(() => setRequestClock(undefined));

describe("GET /port_orders/{id}/events names who wrote each entry", () => {
  it("a token by its name, a member by theirs, the signer, the losing carrier and Support", async () => {
    const parties = await makeEndUserAndAddress("org_acme");
    const created = await api<{ data: { port_order_id: string }[] }>("POST", "/port_orders", {
      token: "acmeAll",
      body: orderBody(parties, ["+442079464010"]),
    });
    const orderId = created.body.data[0].port_order_id;

    // The authorized person signs through the emailed link.
    const prisma = await getPrisma();
    const asked = await api("POST", `/port_orders/${orderId}/loa/signature_requests`, {
      token: "acmeAll",
      body: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    expect(asked.status).toBe(201);
    const message = await prisma.emailMessage.findFirstOrThrow({
      where: { kind: "loa_signature", to: "ada@example.com" },
    });
    const link = /\/loa\/sign\/([A-Za-z0-9_-]{43})/.exec(message.text)![1];
    const signed = await api("POST", `/loa_signatures/${link}`, {
      body: { typed_name: "Ada Lovelace", accept: true },
    });
    expect(signed.status).toBe(201);

    const byPerson = await comment(orderId, { headers: await sessionHeaders("acmeCustomer") });
    expect(byPerson.status).toBe(201);
    expect(byPerson.body.data.actor).toEqual({
      kind: "member",
      id: "usr_acme_customer",
      name: "Alex Carter",
    });

    // Submitted by a member since removed, then confirmed by the carrier driver.
    await inRetryingTransaction(async (tx) => {
      const gone = { as: "customer", kind: "member", id: "usr_left_acme" } as const;
      await movePortOrder(tx, { orderId, action: "submit", actor: gone, now: MONDAY });
      const focAt = new Date("2027-01-27T10:00:00Z");
      await movePortOrder(tx, { orderId, action: "confirm_foc", actor: carrierMover, focAt, now: MONDAY });
    });
    expect((await comment(orderId, { token: "support" })).status).toBe(201);

    const expected = [
      ["status_changed", "token", "test acmeAll"],
      ["loa_signed", "system", "Ada Lovelace"],
      ["comment", "member", "Alex Carter"],
      ["status_changed", "member", null],
      ["status_changed", "system", "Harbour Telecom"],
      ["comment", "support", "Support"],
    ];
    expect(await events(orderId)).toEqual(expected);
    expect(await events(orderId, "support")).toEqual(expected);
    const entries = await get<{ data: Entry[] }>(`/port_orders/${orderId}/events`, { token: "acmeAll" });
    expect(entries.body.data[1]).toMatchObject({
      kind: "loa_signed",
      actor: { kind: "system", id: null, name: "Ada Lovelace" },
      body: "Letter of authorization signed by Ada Lovelace (ada@example.com).",
      details: {
        signer: { name: "Ada Lovelace", email: "ada@example.com" },
        document_id: expect.any(String),
      },
    });
  });

  it("names a member who has no name by their email, and a deleted token as null", async () => {
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id: "usr_acme_billing" }, data: { name: " " } });
    const order = await makePortOrder("org_acme");
    expect((await comment(order.id, { headers: await sessionHeaders("acmeBilling") })).status).toBe(201);
    await prisma.portOrderEvent.updateMany({
      where: { portOrderId: order.id },
      data: { actorKind: "token", actorId: "tok_deleted" },
    });
    expect((await comment(order.id, { headers: await sessionHeaders("acmeBilling") })).status).toBe(201);
    expect(await events(order.id)).toEqual([
      ["comment", "token", null],
      ["comment", "member", "billing@acme.example"],
    ]);
  });
});

describe("POST /port_orders/{id}/comments", () => {
  it("support comments on any organization's order, by token or in the portal, as Support", async () => {
    for (const organizationId of ["org_acme", "org_globex"]) {
      const order = await makePortOrder(organizationId, { status: "submitted" });
      const byToken = await comment(order.id, { token: "support" }, "We chased the carrier.");
      expect(byToken.status).toBe(201);
      expect(byToken.body.data).toMatchObject({
        kind: "comment",
        actor: { kind: "support", id: "usr_numbers_support", name: "Support" },
        body: "We chased the carrier.",
      });
      const bySession = await comment(order.id, { headers: await sessionHeaders("support") });
      expect(bySession.status).toBe(201);
      const read = await get<{ data: Entry[] }>(`/port_orders/${order.id}/comments`, { token: "support" });
      expect(read.body.data.map((entry) => entry.actor.name)).toEqual(["Support", "Support"]);
    }
    const missing = await comment("po_0123456789abcdef", { token: "support" });
    expect([missing.status, missing.body]).toEqual([
      404,
      errorBody("Not Found", "not_found", expect.any(String), "port_order_id=po_0123456789abcdef"),
    ]);
  });

  it("customers comment as before: their own organization's orders, with porting:write", async () => {
    const order = await makePortOrder("org_acme");
    const globex = await comment(order.id, { token: "globexAll" });
    expect(globex.status).toBe(404);
    expect(globex.body).toMatchObject({ error: { code: "not_found" } });
    const viewer = await comment(order.id, { token: "acmeViewerAll" });
    expect([viewer.status, viewer.body]).toEqual([
      401,
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The viewer role cannot create, change, submit and cancel port-in orders; that needs the owner, admin or billing role.",
        "role=viewer required_role=owner|admin|billing",
      ),
    ]);
    const noScopes = await comment(order.id, { token: "acmeNoScopes" });
    expect(noScopes.body).toMatchObject({ error: { code: "insufficient_scope" } });
    const prisma = await getPrisma();
    expect(await prisma.portOrderEvent.count({ where: { portOrderId: order.id } })).toBe(0);
  });
});
