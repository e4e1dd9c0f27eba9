import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";

vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_HTTP = "1";
});

const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const EVENTS_RULE =
  "events must list 1 to 21 distinct types of order.created, order.backorder_filled, order.completed, number.assigned, number.configuration_changed, reservation.expired, number.released, number.restored, job.completed, number.activated, number.documents_overdue, bundle.status_changed, invoice.finalized, invoice.voided, billing.alert_triggered, invoice.paid, billing.standing_changed, billing.payment_recorded, port_order.status_changed, port_order.foc_changed, number.port_out_requested";
const URL_RULE = "url must be an absolute https:// URL of at most 2000 characters";

type Listed<T> = { data: T[] };
type EventView = { id: string; type: string; organization_id: string; data: Record<string, unknown> };

async function placeOrder(token: "acmeAll" | "globexAll"): Promise<string> {
  const response = await api<{ data: { reference_id: string } }>("POST", "/order", {
    token,
    body: {
      contact_name: "Events test",
      items: [{ country: "GB", number_type: "local", region: "GB-ENG-LONDON-20", quantity: 1 }],
    },
  });
  expect(response.status).toBe(200);
  return response.body.data.reference_id;
}

// This file runs with WEBHOOKS_ALLOW_HTTP=1 (its receiver-free endpoints point at loopback);
// loopback refused without the switch ([::1], localhost) is lib/webhooks/url-policy.test.ts's.
describe("POST /webhooks", () => {
  it.each([
    [
      "a private address",
      { url: "https://10.0.0.1/hook" },
      "url is not allowed: 10.0.0.1 is a private address.",
    ],
    [
      "the metadata address",
      { url: "https://169.254.169.254/latest/meta-data" },
      "url is not allowed: 169.254.169.254 is a link-local address.",
    ],
    [
      "a home router",
      { url: "https://192.168.1.1/" },
      "url is not allowed: 192.168.1.1 is a private address.",
    ],
    [
      "a unique-local IPv6 address",
      { url: "https://[fd12::1]/hook" },
      "url is not allowed: fd12::1 is a unique-local (private) address.",
    ],
    [
      "http to a public address",
      { url: "http://93.184.216.34/" },
      "url is not allowed: http is allowed for loopback addresses only.",
    ],
  ])("refuses %s (400) and stores nothing", async (_name, change, message) => {
    const prisma = await getPrisma();
    const before = await prisma.webhook.count();
    const body = { events: ["order.created"], ...change };
    const response = await api("POST", "/webhooks", { token: "acmeAll", body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(bad(message, `body.url=${body.url}`));
    expect(await prisma.webhook.count()).toBe(before);
  });

  it.each([
    ["no url", { events: ["order.created"] }, bad(URL_RULE, "body.url=(missing)")],
    ["a relative url", { url: "/hook", events: ["order.created"] }, bad(URL_RULE, "body.url=/hook")],
    ["no events", { url: "https://example.com/", events: [] }, bad(EVENTS_RULE, "body.events=[]")],
    [
      "an unknown event",
      { url: "https://example.com/", events: ["webhook.test"] },
      bad(`events.0: ${EVENTS_RULE}`, "body.events.0=webhook.test"),
    ],
    [
      "a repeated event",
      { url: "https://example.com/", events: ["order.created", "order.created"] },
      bad(EVENTS_RULE, 'body.events=["order.created","order.created"]'),
    ],
    [
      "a long description",
      { url: "https://example.com/", events: ["order.created"], description: "x".repeat(201) },
      bad("description must be at most 200 characters", `body.description=${"x".repeat(200)}…`),
    ],
    [
      "an unknown field",
      { url: "https://example.com/", events: ["order.created"], secret: "mine" },
      bad("unknown body parameter: secret", "body.secret"),
    ],
  ])("refuses %s", async (_name, body, expected) => {
    const response = await api("POST", "/webhooks", { token: "acmeAll", body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it("answers the endpoint with its secret once, and keeps it out of every later answer", async () => {
    const created = await api<{ data: Record<string, unknown> }>("POST", "/webhooks", {
      token: "acmeAll",
      body: { url: "http://127.0.0.1:9/hook", events: ["order.created"], description: "ops" },
    });
    expect(created.status).toBe(201);
    const { secret, ...webhook } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toEqual({
      webhook_id: expect.stringMatching(/^wh_[0-9a-f]{32}$/),
      organization_id: "org_acme",
      url: "http://127.0.0.1:9/hook",
      events: ["order.created"],
      description: "ops",
      created_at: expect.any(String),
    });
    const read = await get(`/webhooks/${String(webhook.webhook_id)}`, { token: "acmeAll" });
    expect(read.body).toEqual({ data: webhook });
    const other = await get(`/webhooks/${String(webhook.webhook_id)}`, { token: "globexAll" });
    expect(other.status).toBe(404);
    const deleted = await api("DELETE", `/webhooks/${String(webhook.webhook_id)}`, { token: "globexAll" });
    expect(deleted.status).toBe(404);
    const gone = await api("DELETE", `/webhooks/${String(webhook.webhook_id)}`, { token: "acmeAll" });
    expect(gone.status).toBe(204);
    expect((await get(`/webhooks/${String(webhook.webhook_id)}`, { token: "acmeAll" })).status).toBe(404);
  });
});

describe("GET /events", () => {
  let acmeOrders: string[];
  beforeAll(async () => {
    acmeOrders = [await placeOrder("acmeAll"), await placeOrder("acmeAll")];
    await placeOrder("globexAll");
  });

  it("lists the organization's events newest first, each with the resource as its endpoint shows it", async () => {
    const response = await get<Listed<EventView>>("/events?type=order.created", { token: "acmeAll" });
    expect(response.status).toBe(200);
    const created = response.body.data;
    expect(
      created.every((event) => event.organization_id === "org_acme" && event.type === "order.created"),
    ).toBe(true);
    expect(created.slice(0, 2).map((event) => event.data.reference_id)).toEqual([...acmeOrders].reverse());
    const order = await get<{ data: unknown }>(`/orders/${acmeOrders[1]}`, { token: "acmeAll" });
    expect(created[0].data).toEqual(order.body.data);
    expect(response.headers.get("X-Total-Count")).toBe(String(created.length));
  });

  it("records number.assigned and order.completed with the sale, and never shows another organization's", async () => {
    const all = (await get<Listed<EventView>>("/events?limit=100", { token: "acmeAll" })).body.data;
    expect(all.every((event) => event.organization_id === "org_acme")).toBe(true);
    const types = all.filter((event) => event.data.reference_id === acmeOrders[0]).map((event) => event.type);
    expect(types).toEqual(["order.completed", "order.created"]);
    expect(all.some((event) => event.type === "number.assigned")).toBe(true);
    const globex = (await get<Listed<EventView>>("/events?limit=100", { token: "globexAll" })).body.data;
    expect(globex.length).toBeGreaterThan(0);
    expect(globex.every((event) => event.organization_id === "org_globex")).toBe(true);
  });

  it("pages, and with after lists only what was recorded since", async () => {
    const first = await get<Listed<EventView>>("/events?type=order.created&limit=1", { token: "acmeAll" });
    expect(first.body.data).toHaveLength(1);
    expect(first.headers.get("Link")).toContain('rel="next"');
    const second = await get<Listed<EventView>>("/events?type=order.created&limit=1&offset=1", {
      token: "acmeAll",
    });
    expect(second.body.data[0].data.reference_id).toBe(acmeOrders[0]);
    const since = await get<Listed<EventView>>(`/events?type=order.created&after=${second.body.data[0].id}`, {
      token: "acmeAll",
    });
    expect(since.body.data.map((event) => event.data.reference_id)).toEqual([acmeOrders[1]]);
  });

  it.each([
    [
      "an unknown type",
      "?type=order.lost",
      bad(
        EVENTS_RULE.replace("events must list 1 to 21 distinct types of", "type must be one of"),
        "query.type=order.lost",
      ),
    ],
    [
      "a malformed after",
      "?after=123",
      bad("after must be an event id such as evt_0123456789abcdef", "query.after=123"),
    ],
    [
      "another organization's event as after",
      "?after=evt_0000000000000000000000000000dead",
      bad(
        "after names no event of yours: evt_0000000000000000000000000000dead (events are kept 30 days).",
        "query.after=evt_0000000000000000000000000000dead",
      ),
    ],
    [
      "organization_id from a customer",
      "?organization_id=org_globex",
      bad("organization_id is for support users", "query.organization_id=org_globex"),
    ],
  ])("refuses %s", async (_name, query, expected) => {
    const response = await get(`/events${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it("needs events:read", async () => {
    const response = await get("/events", { token: "acmeInventoryOnly" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: { code: "insufficient_scope" } });
  });
});
