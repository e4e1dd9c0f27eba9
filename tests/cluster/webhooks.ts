// docs/CONTRACT.md §14 across processes: events made on three instances, delivered by the workers
// inside them to a loopback receiver that is slow and fails every first attempt, while one
// instance is killed (kill -9) with deliveries in flight and restarted. Every event must be
// delivered (none lost), no delivery may be received twice at the same moment (the receiver
// tracks the Webhook-Ids in flight), and duplicates after the crash (allowed: at least once)
// are counted and printed with the events, deliveries and retries.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Pool } from "pg";
import { call } from "@/tests/cluster/http";
import { check } from "@/tests/cluster/report";

type Instance = { name: string; url: string; kill9(): void; start(): Promise<void> };
type Buyer = { name: string; token: string };

/** The instances' settings for this section: loopback http allowed, short lease and poll. */
export const webhookClusterEnv = {
  WEBHOOKS_ALLOW_HTTP: "1",
  WEBHOOKS_POLL_MS: "200",
  WEBHOOKS_LEASE_SECONDS: "15",
};

const ORDERS = 30;
const RECEIVER_DELAY_MS = 1_500;
const DEADLINE_MS = 120_000;

function startReceiver() {
  const inFlight = new Set<string>();
  const seen = new Map<string, number>(); // requests per Webhook-Id and path
  const delivered = new Map<string, number>(); // 2xx answers per Webhook-Id and path
  const overlaps: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const key = `${request.url} ${String(request.headers["webhook-id"])}`;
      if (inFlight.has(key)) overlaps.push(key);
      inFlight.add(key);
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      // Slow, and failing each delivery's first attempt, so deliveries stay pending a while.
      const status = count === 1 ? 503 : 204;
      setTimeout(() => {
        inFlight.delete(key);
        if (status === 204) delivered.set(key, (delivered.get(key) ?? 0) + 1);
        response.writeHead(status).end();
      }, RECEIVER_DELAY_MS);
    });
  });
  return { server, seen, delivered, overlaps };
}

export async function webhookDeliveryChecks(
  instances: Instance[],
  buyers: Buyer[],
  pool: Pool,
): Promise<void> {
  const receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.server.address() as AddressInfo;
  const since = new Date();
  try {
    const hooks: string[] = [];
    for (const buyer of buyers) {
      const created = await call<{ data: { webhook_id: string } }>(instances[0], "POST", "/webhooks", {
        token: buyer.token,
        body: {
          url: `http://127.0.0.1:${port}/hook/${buyer.name}`,
          events: ["order.created", "order.completed"],
        },
      });
      check(`POST /webhooks for ${buyer.name} answers 201`, created.status === 201, String(created.status));
      hooks.push(created.body.data.webhook_id);
    }

    const orders = Array.from({ length: ORDERS }, (_, index) =>
      call(instances[index % instances.length], "POST", "/order", {
        token: buyers[index % buyers.length].token,
        body: { contact_name: `webhooks ${index}`, items: [{ country: "GB", number_type: "mobile" }] },
      }),
    );
    const placed = await Promise.all(orders);
    check(
      `${ORDERS} orders over the instances answer 200`,
      placed.every((answer) => answer.status === 200),
    );

    // Wait until deliveries are in flight at the receiver, then kill one instance mid-way.
    while ([...receiver.seen.values()].reduce((sum, count) => sum + count, 0) < 5)
      await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(`  …  deliveries in flight: kill -9 ${instances[1].name}, restarting it`);
    instances[1].kill9();
    await instances[1].start();

    const deadline = Date.now() + DEADLINE_MS;
    let pending = -1;
    while (Date.now() < deadline) {
      const { rows } = await pool.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM webhook_delivery WHERE webhook_id = ANY($1) AND status <> 'succeeded'`,
        [hooks],
      );
      pending = rows[0].pending;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const events = await pool.query<{ id: string; organization_id: string }>(
      `SELECT id, organization_id FROM event WHERE created_at >= $1 AND type IN ('order.created', 'order.completed')
         AND organization_id IN (SELECT organization_id FROM webhook WHERE id = ANY($2))`,
      [since, hooks],
    );
    const stats = await pool.query<{ deliveries: number; attempts: number }>(
      `SELECT count(DISTINCT d.id)::int AS deliveries, count(a.id)::int AS attempts
         FROM webhook_delivery d LEFT JOIN webhook_attempt a ON a.delivery_id = d.id WHERE d.webhook_id = ANY($1)`,
      [hooks],
    );
    const deliveredIds = new Set([...receiver.delivered.keys()].map((key) => key.split(" ")[1]));
    const lost = events.rows.filter((event) => !deliveredIds.has(event.id));
    const duplicates = [...receiver.delivered.values()].reduce(
      (sum, count) => sum + Math.max(0, count - 1),
      0,
    );
    const requests = [...receiver.seen.values()].reduce((sum, count) => sum + count, 0);
    const { deliveries, attempts } = stats.rows[0];
    console.log(
      `  webhooks: ${events.rows.length} events, ${deliveries} deliveries, ${requests} requests received, ` +
        `${attempts} attempts recorded, ${attempts - deliveries} retries, ${duplicates} duplicate(s) after the crash`,
    );
    check("every delivery succeeded before the deadline", pending === 0, `${pending} not succeeded`);
    check(
      "one delivery per event (one endpoint each)",
      deliveries === events.rows.length,
      `${deliveries}/${events.rows.length}`,
    );
    check(
      "every event reached the receiver (none lost)",
      lost.length === 0,
      lost.map((event) => event.id).join(", "),
    );
    check(
      "no delivery was being received twice at the same moment",
      receiver.overlaps.length === 0,
      receiver.overlaps.slice(0, 5).join(", "),
    );
  } finally {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
}
