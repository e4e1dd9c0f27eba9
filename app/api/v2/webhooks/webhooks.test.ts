import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { api, get } from "@/tests/api-client";
import { startReceiver, type Receiver } from "@/tests/webhooks/receiver";
import { getPrisma } from "@/lib/db/client";
import { deliverDue, RETRY_DELAYS_MS } from "@/lib/webhooks/deliver";
import { restockInventory } from "@/lib/orders/restock";
import { freshNumbers, INVENTORY_CSV_HEADER } from "@/tests/inventory-csv";

// The loopback receiver needs the test switch (read when the env is first parsed).
vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_HTTP = "1";
});

const policy = { allowLoopbackHttp: true };
type Created = { data: { webhook_id: string; secret: string; events: string[] } };
type DeliveryView = {
  delivery_id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: Array<{ attempted_at: string; response_status: number | null; response_body: string | null }>;
};

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function createWebhook(events: string[], token: "acmeAll" | "globexAll" = "acmeAll") {
  const response = await api<Created>("POST", "/webhooks", { token, body: { url: receiver.url, events } });
  expect(response.status).toBe(201);
  return response.body.data;
}

/** Runs the worker's pass at `at` until it claims nothing more. */
async function deliverAt(at: Date): Promise<void> {
  while ((await deliverDue({ now: () => at, leaseMs: 30_000, policy })) > 0);
}

describe("webhook delivery", () => {
  it("signs per Standard Webhooks, and retries a failing receiver at 5 s then 1 min", async () => {
    const hook = await createWebhook(["order.created"]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const queued = await api<{ data: DeliveryView }>("POST", `/webhooks/${hook.webhook_id}/test`, {
      token: "acmeAll",
    });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({
      event_type: "webhook.test",
      status: "pending",
      attempt_count: 0,
    });

    receiver.received.length = 0;
    receiver.answers.push(500, 503);
    const t0 = new Date(Date.now() + 1000);
    await deliverAt(t0);
    await deliverAt(new Date(t0.getTime() + RETRY_DELAYS_MS[0] - 1)); // not due yet
    expect(receiver.received).toHaveLength(1);
    await deliverAt(new Date(t0.getTime() + RETRY_DELAYS_MS[0]));
    await deliverAt(new Date(t0.getTime() + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] - 1));
    expect(receiver.received).toHaveLength(2);
    await deliverAt(new Date(t0.getTime() + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]));
    expect(receiver.received).toHaveLength(3);

    // Same Webhook-Id each time; each attempt's signature verifies with the published scheme.
    const verifier = new StandardWebhook(hook.secret);
    for (const request of receiver.received) {
      expect(request.id).toBe(receiver.received[0].id);
      const headers = {
        "webhook-id": request.id,
        "webhook-timestamp": request.timestamp,
        "webhook-signature": request.signature,
      };
      expect(verifier.verify(request.body, headers)).toEqual(JSON.parse(request.body));
    }
    expect(receiver.received.map((request) => Number(request.timestamp))).toEqual([
      Math.floor(t0.getTime() / 1000),
      Math.floor((t0.getTime() + 5_000) / 1000),
      Math.floor((t0.getTime() + 65_000) / 1000),
    ]);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({
      id: receiver.received[0].id,
      type: "webhook.test",
      organization_id: "org_acme",
      data: { webhook_id: hook.webhook_id },
    });

    const listed = await get<{ data: DeliveryView[] }>(`/webhooks/${hook.webhook_id}/deliveries`, {
      token: "acmeAll",
    });
    const [delivery] = listed.body.data;
    expect(delivery).toMatchObject({ status: "succeeded", attempt_count: 3, next_attempt_at: null });
    expect(
      delivery.attempts.map((entry) => [entry.attempted_at, entry.response_status, entry.response_body]),
    ).toEqual([
      [t0.toISOString(), 500, "answered 500"],
      [new Date(t0.getTime() + 5_000).toISOString(), 503, "answered 503"],
      [new Date(t0.getTime() + 65_000).toISOString(), 200, "answered 200"],
    ]);

    // Re-sent by hand: pending again, due now, attempts kept; a pending one cannot be re-sent.
    const path = `/webhooks/${hook.webhook_id}/deliveries/${delivery.delivery_id}/retry`;
    const retried = await api<{ data: DeliveryView }>("POST", path, { token: "acmeAll" });
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ status: "pending", attempt_count: 3 });
    const again = await api("POST", path, { token: "acmeAll" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "delivery_pending" } });
    await deliverAt(new Date(Date.now() + 1000));
    expect(receiver.received).toHaveLength(4);
  });

  it("marks a delivery failed after the sixth failed attempt", async () => {
    const hook = await createWebhook(["order.created"]);
    await api("POST", `/webhooks/${hook.webhook_id}/test`, { token: "acmeAll" });
    receiver.answers.push(500, 500, 500, 500, 500, 500);
    let at = Date.now() + 1000;
    await deliverAt(new Date(at));
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      await deliverAt(new Date(at));
    }
    const listed = await get<{ data: DeliveryView[] }>(`/webhooks/${hook.webhook_id}/deliveries`, {
      token: "acmeAll",
    });
    expect(listed.body.data[0]).toMatchObject({ status: "failed", attempt_count: 6, next_attempt_at: null });
  });

  it("delivers order.backorder_filled and order.completed when an inventory import fills a back-order", async () => {
    const hook = await createWebhook(["order.backorder_filled", "order.completed"]);
    const region = "GB-NATIONAL-3";
    const prisma = await getPrisma();
    const stock = await prisma.inventoryNumber.count({
      where: { regionId: region, status: "available", requiredDocumentIds: { isEmpty: true } },
    });
    const placed = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "acmeAll",
      body: {
        contact_name: "Webhook test",
        items: [{ country: "GB", number_type: "national", region, quantity: stock + 1 }],
      },
    });
    expect(placed.status).toBe(200);
    const referenceId = placed.body.data.reference_id;
    const [fresh] = await freshNumbers(region, 1);
    await restockInventory([INVENTORY_CSV_HEADER, `${fresh},${region},true,true,`].join("\n"));

    receiver.received.length = 0;
    await deliverAt(new Date(Date.now() + 1000));
    const bodies = receiver.received.map(
      (request) =>
        JSON.parse(request.body) as { type: string; data: { reference_id: string; status: string } },
    );
    // Hooks of the tests above take order.created; this one the two the import caused. A pass
    // sends its deliveries at once, so they arrive in any order.
    const forOrder = bodies
      .filter((body) => body.data.reference_id === referenceId && body.type !== "order.created")
      .sort((a, b) => a.type.localeCompare(b.type));
    expect(forOrder.map((body) => [body.type, body.data.status])).toEqual([
      ["order.backorder_filled", "completed"],
      ["order.completed", "completed"],
    ]);
    const order = await get<{ data: unknown }>(`/orders/${referenceId}`, { token: "acmeAll" });
    expect(forOrder[0].data).toEqual(order.body.data);
    const deliveries = await get<{ data: DeliveryView[] }>(`/webhooks/${hook.webhook_id}/deliveries`, {
      token: "acmeAll",
    });
    expect(deliveries.body.data.map((entry) => [entry.event_type, entry.status])).toEqual([
      ["order.completed", "succeeded"],
      ["order.backorder_filled", "succeeded"],
    ]);
  });
});
