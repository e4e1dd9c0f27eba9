import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import {
  MONDAY,
  makeEndUserAndAddress,
  orderBody,
  signLoa,
  type PortOrderAnswer,
} from "@/lib/porting/test-orders";

// Submitting a port order (docs/API.md "Port-in"): a signed LOA, an FOC date still allowed, the
// credit check of billing, then the numbers are pending (one open port each) and configured as
// porting; a refusal changes nothing.

let acme: { endUserId: string; addressId: string };
let globex: { endUserId: string; addressId: string };

beforeAll(async () => {
  acme = await makeEndUserAndAddress("org_acme");
  globex = await makeEndUserAndAddress("org_globex");
});
beforeEach(() => setRequestClock(() => MONDAY));
afterAll(() => setRequestClock(undefined));

async function draftOf(numbers: string[], token: "acmeAll" | "globexAll" = "acmeAll", extra: object = {}) {
  const parties = token === "acmeAll" ? acme : globex;
  const created = await api<{ data: PortOrderAnswer[] }>("POST", "/port_orders", {
    token,
    body: orderBody(parties, numbers, extra),
  });
  expect(created.status).toBe(201);
  return created.body.data[0];
}

const act = (id: string, action: string, token: "acmeAll" | "globexAll" = "acmeAll", headers = {}) =>
  api<{ data: PortOrderAnswer }>("POST", `/port_orders/${id}/actions/${action}`, { token, headers });

async function stateOf(id: string) {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findUniqueOrThrow({ where: { id }, include: { numbers: true } });
  const configurations = await prisma.numberConfiguration.findMany({ where: { portOrderId: id } });
  return {
    status: order.status,
    version: order.version,
    numbers: order.numbers.map((n) => n.status),
    configurations,
  };
}

describe("POST /port_orders/{id}/actions/submit", () => {
  it("refuses without a signed LOA: 400 loa_not_signed, nothing changes", async () => {
    const order = await draftOf(["+442079463010"]);
    const response = await act(order.port_order_id, "submit");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: "loa_not_signed", details: `port_order_id=${order.port_order_id}, loa_signed=false` },
    });
    expect(await stateOf(order.port_order_id)).toEqual({
      status: "draft",
      version: 1,
      numbers: ["draft"],
      configurations: [],
    });
  });

  it("submits: numbers pending, each a porting configuration with the order's configuration", async () => {
    const order = await draftOf(["+442079463011", "+442079463012"], "acmeAll", {
      configuration: { name: "Front desk", tags: ["sales"] },
    });
    await signLoa(order.port_order_id);
    const response = await act(order.port_order_id, "submit", "acmeAll", { "Idempotency-Key": "submit-1" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      status: "submitted",
      version: 2,
      allowed_actions: ["request_foc_change", "request_cancel"],
    });
    const state = await stateOf(order.port_order_id);
    expect(state.numbers).toEqual(["pending", "pending"]);
    expect(
      state.configurations
        .map((c) => [c.number, c.status, c.name, c.organizationId, c.inventoryNumberId])
        .sort(),
    ).toEqual([
      ["+442079463011", "porting", "Front desk", "org_acme", null],
      ["+442079463012", "porting", "Front desk", "org_acme", null],
    ]);
    expect(response.body.data.numbers.every((number) => number.number_id !== null)).toBe(true);
    const again = await act(order.port_order_id, "submit", "acmeAll", { "Idempotency-Key": "submit-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(response.body);
    const twice = await act(order.port_order_id, "submit");
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      error: { code: "invalid_transition", details: "status=submitted, action=submit, allowed=draft" },
    });
  });

  it("refuses a number another organization submitted first: 409 port_in_progress", async () => {
    const theirs = await draftOf(["+442079463013"], "globexAll");
    const ours = await draftOf(["+442079463013"]);
    await signLoa(theirs.port_order_id);
    await signLoa(ours.port_order_id);
    expect((await act(theirs.port_order_id, "submit", "globexAll")).status).toBe(200);
    const response = await act(ours.port_order_id, "submit");
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { code: "port_in_progress" } });
    expect(await stateOf(ours.port_order_id)).toMatchObject({
      status: "draft",
      numbers: ["draft"],
      configurations: [],
    });
  });

  it("refuses an FOC date that is no longer allowed at submission", async () => {
    const order = await draftOf(["+442079463014"], "acmeAll", { requested_foc_date: "2027-01-21" });
    await signLoa(order.port_order_id);
    setRequestClock(() => new Date("2027-01-19T09:00:00Z"));
    const response = await act(order.port_order_id, "submit");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        code: "foc_date_not_allowed",
        details: expect.stringMatching(/^requested_foc_date=2027-01-21, rule=too_soon/),
      },
    });
  });

  it("refuses over the credit limit (402 insufficient_funds) and past due (402 account_past_due)", async () => {
    const prisma = await getPrisma();
    const order = await draftOf(["+442079463015"], "globexAll");
    await signLoa(order.port_order_id);
    const product = await prisma.product.findFirstOrThrow({
      where: { countryId: "GB", numberTypeId: "local" },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    await prisma.billingAccount.upsert({
      where: { organizationId_currency: { organizationId: "org_globex", currency: product.currency } },
      create: {
        organizationId: "org_globex",
        currency: product.currency,
        creditLimitMinor: 0n,
        standingSince: MONDAY,
        createdAt: MONDAY,
      },
      update: { creditLimitMinor: 0n, balanceMinor: 0n },
    });
    const poor = await act(order.port_order_id, "submit", "globexAll");
    expect(poor.status).toBe(402);
    const needed = (Number(product.setupFee) + Number(product.monthlyFee)).toFixed(2);
    expect(poor.body).toMatchObject({
      error: {
        code: "insufficient_funds",
        details: JSON.stringify([{ currency: product.currency, needed, available: "0.00" }]),
      },
    });
    await prisma.billingAccount.update({
      where: { organizationId_currency: { organizationId: "org_globex", currency: product.currency } },
      data: { creditLimitMinor: 1_000_000n, standing: "past_due" },
    });
    const pastDue = await act(order.port_order_id, "submit", "globexAll");
    expect(pastDue.status).toBe(402);
    expect(pastDue.body).toMatchObject({ error: { code: "account_past_due" } });
    expect(await stateOf(order.port_order_id)).toEqual({
      status: "draft",
      version: 1,
      numbers: ["draft"],
      configurations: [],
    });
    await prisma.billingAccount.update({
      where: { organizationId_currency: { organizationId: "org_globex", currency: product.currency } },
      data: { standing: "good_standing" },
    });
  });

  it("answers 404 for another organization's order", async () => {
    const order = await draftOf(["+442079463016"], "globexAll");
    await signLoa(order.port_order_id);
    expect((await act(order.port_order_id, "submit")).status).toBe(404);
    expect((await stateOf(order.port_order_id)).status).toBe("draft");
  });
});

describe("cancel, FOC change, resubmit and the timeline", () => {
  async function submitted(numbers: string[], foc = "2027-01-27") {
    const order = await draftOf(numbers, "acmeAll", { requested_foc_date: foc });
    await signLoa(order.port_order_id);
    expect((await act(order.port_order_id, "submit")).status).toBe(200);
    return order.port_order_id;
  }

  it("cancels a submitted order (cancel_pending), but not within 48 h of its FOC", async () => {
    const id = await submitted(["+442079463017"]);
    setRequestClock(() => new Date("2027-01-25T10:00:01Z"));
    const late = await act(id, "cancel");
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      error: {
        code: "foc_date_not_allowed",
        details: "rule=cancel_too_late, foc_at=2027-01-27T10:00:00.000Z",
      },
    });
    setRequestClock(() => new Date("2027-01-25T10:00:00Z"));
    const cancelled = await act(id, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancel_pending");
  });

  it("moves the requested FOC date, but not within 24 h of the FOC", async () => {
    const id = await submitted(["+442079463018"]);
    const moved = await api<{ data: PortOrderAnswer }>("POST", `/port_orders/${id}/foc_change_requests`, {
      token: "acmeAll",
      body: { requested_foc_date: "2027-02-01" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      status: "submitted",
      requested_foc_date: "2027-01-27".replace("01-27", "02-01"),
    });
    setRequestClock(() => new Date("2027-01-31T10:00:01Z"));
    const late = await api("POST", `/port_orders/${id}/foc_change_requests`, {
      token: "acmeAll",
      body: { requested_foc_date: "2027-02-08" },
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      error: { code: "foc_date_not_allowed", details: expect.stringContaining("rule=foc_change_too_late") },
    });
  });

  it("resubmits from exception only after the named field changed", async () => {
    const id = await submitted(["+442079463090"]);
    const prisma = await getPrisma();
    const { inRetryingTransaction } = await import("@/lib/db/transaction");
    const { carrierMover, movePortOrder } = await import("@/lib/porting/move");
    const details = [
      { code: "pin_mismatch" as const, field: "losing_carrier.pin", message: "The PIN is wrong." },
    ];
    setRequestClock(() => new Date("2027-01-19T09:00:00Z"));
    await inRetryingTransaction((tx) =>
      movePortOrder(tx, {
        orderId: id,
        action: "raise_exception",
        actor: carrierMover,
        details,
        now: new Date("2027-01-19T09:00:00Z"),
      }),
    );
    const early = await act(id, "resubmit");
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      error: { code: "invalid_parameter", details: "body.losing_carrier.pin=unchanged" },
    });
    const version = (await prisma.portOrder.findUniqueOrThrow({ where: { id } })).version;
    const fixed = await api("PATCH", `/port_orders/${id}`, {
      token: "acmeAll",
      body: { losing_carrier: { pin: "2468" } },
      headers: { "If-Match": `"${id}.v${version}"` },
    });
    expect(fixed.status).toBe(200);
    const again = await act(id, "resubmit");
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: "submitted", exception: null });
  });

  it("keeps comments on the timeline, oldest first, with every move", async () => {
    const id = await submitted(["+442079463019"]);
    setRequestClock(() => new Date("2027-01-18T09:05:00Z"));
    const posted = await api<{ data: { kind: string; body: string } }>(
      "POST",
      `/port_orders/${id}/comments`,
      {
        token: "acmeAll",
        body: { body: "Please keep the old greeting." },
      },
    );
    expect(posted.status).toBe(201);
    const comments = await get<{ data: { kind: string; body: string }[] }>(`/port_orders/${id}/comments`, {
      token: "acmeAll",
    });
    expect(comments.body.data.map((entry) => [entry.kind, entry.body])).toEqual([
      ["comment", "Please keep the old greeting."],
    ]);
    const timeline = await get<{
      data: { kind: string; from_status: string | null; to_status: string | null }[];
    }>(`/port_orders/${id}/events`, { token: "acmeAll" });
    expect(timeline.headers.get("X-Total-Count")).toBe("3");
    expect(timeline.body.data.map((entry) => [entry.kind, entry.from_status, entry.to_status])).toEqual([
      ["status_changed", null, "draft"],
      ["status_changed", "draft", "submitted"],
      ["comment", null, null],
    ]);
    expect((await get(`/port_orders/${id}/events`, { token: "globexAll" })).status).toBe(404);
  });
});
