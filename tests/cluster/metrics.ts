// Metrics across the cluster (docs/OPERATIONS.md): each instance, scraped on its own
// METRICS_PORT, counts only what it served, so its series are its own and their sum is the
// cluster's. A known set of orders spread unevenly over the instances (and a replay on another
// instance, which sells nothing) must show up exactly where it was served. And a worker run
// apart (`npm run worker`) serves its own counts on its METRICS_PORT.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePorts, type Instance } from "@/scripts/cluster/servers";
import { withDeadline } from "@/scripts/cluster/deadline";
import { call } from "@/tests/cluster/http";
import { check } from "@/tests/cluster/report";
import { counter, samples } from "@/tests/metrics-text";

type Placed = { data: { reference_id: string; numbers: unknown[] } };

/** Orders placed on each instance, by index: uneven, so a mix-up cannot add up by chance. */
const ORDERS_PER_INSTANCE = [3, 2, 0];
const ORDERS_ROUTE = '{route="/api/v2/order",method="POST",status="200"}';

async function fetchText(url: string): Promise<{ status: number; text: string }> {
  return withDeadline(30_000, async (signal) => {
    const response = await fetch(url, { signal });
    return { status: response.status, text: await response.text() };
  });
}

async function scrape(instance: Instance): Promise<string> {
  const { status, text } = await fetchText(`${instance.metricsUrl}/metrics`);
  if (status !== 200) throw new Error(`${instance.name}'s metrics port answered ${status}`);
  return text;
}

/** What one instance's scrape says about sales and order requests. */
function sales(text: string) {
  return {
    orders: counter(text, "portal_orders_total"),
    sold: counter(text, "portal_numbers_sold_total"),
    orderRequests: samples(text, "http_request_duration_seconds_count").get(ORDERS_ROUTE) ?? 0,
  };
}

export async function perInstanceMetricsChecks(instances: Instance[], token: string): Promise<void> {
  const placing = instances.slice(0, ORDERS_PER_INSTANCE.length);
  const appPort = await Promise.all(placing.map((instance) => fetchText(`${instance.url}/metrics`)));
  check(
    "with METRICS_PORT set, no instance serves /metrics on its app port (404)",
    appPort.every((answer) => answer.status === 404 && !answer.text.includes("portal_orders_total")),
    appPort.map((answer) => answer.status).join(" "),
  );

  // Named numbers that need no documents: each order sells exactly the numbers it names (order
  // k on an instance names k + 1), whatever the sections before left of a geography's stock.
  const stock = await call<Array<{ number_e164: string; required_documents: unknown[] }>>(
    placing[0],
    "GET",
    "/inventory/US?limit=50",
    { token },
  );
  const free = stock.body
    .filter((number) => number.required_documents.length === 0)
    .map((number) => number.number_e164);
  const wanted = ORDERS_PER_INSTANCE.map((count) => (count * (count + 1)) / 2);
  if (free.length < wanted.reduce((sum, count) => sum + count, 0))
    throw new Error(`only ${free.length} US numbers without documents are for sale`);

  const before = (await Promise.all(placing.map(scrape))).map(sales);
  // One after another: the counts are exact, and nothing else orders while they are placed.
  const sold: number[] = [];
  let replayOf: { key: string; body: unknown } | null = null;
  for (const [index, instance] of placing.entries()) {
    sold.push(0);
    for (let order = 0; order < ORDERS_PER_INSTANCE[index]; order++) {
      const key = `cluster-metrics-${instance.name}-${order}-${Date.now()}`;
      const body = {
        contact_name: `metrics ${instance.name} ${order}`,
        items: free.splice(0, order + 1).map((number) => ({ number_e164: number })),
      };
      const answer = await call<Placed>(instance, "POST", "/order", {
        token,
        body,
        headers: { "idempotency-key": key },
      });
      if (answer.status !== 200) throw new Error(`${instance.name}: an order answered ${answer.status}`);
      sold[index] += answer.body.data.numbers.length;
      replayOf ??= { key, body };
    }
  }
  // The first order again, on the last instance: a replay, neither an order nor a sale there.
  const last = placing[placing.length - 1];
  const replay = await call(last, "POST", "/order", {
    token,
    body: replayOf?.body,
    headers: { "idempotency-key": replayOf?.key ?? "" },
  });
  check(
    `the replay on ${last.name} is answered from the first order`,
    replay.status === 200 && replay.headers.get("idempotent-replayed") === "true",
    `${replay.status}`,
  );

  const after = (await Promise.all(placing.map(scrape))).map(sales);
  const delta = after.map((value, index) => ({
    orders: value.orders - before[index].orders,
    sold: value.sold - before[index].sold,
    orderRequests: value.orderRequests - before[index].orderRequests,
  }));
  const shown = delta
    .map(
      (value, index) =>
        `${placing[index].name}: ${value.orders} orders, ${value.sold} sold, ${value.orderRequests} POST /api/v2/order 200`,
    )
    .join("; ");
  const expectedRequests = ORDERS_PER_INSTANCE.map(
    (count, index) => count + (index === placing.length - 1 ? 1 : 0),
  );
  check(
    `each instance counts the orders it served (${ORDERS_PER_INSTANCE.join(", ")}), not the others'`,
    delta.every((value, index) => value.orders === ORDERS_PER_INSTANCE[index]),
    shown,
  );
  check(
    `each instance counts the numbers its orders sold (${wanted.join(", ")})`,
    delta.every((value, index) => value.sold === sold[index] && sold[index] === wanted[index]),
    `${shown}; the orders' answers: ${sold.join(", ")} numbers`,
  );
  check(
    "each instance counts its own order requests (the replay on the one that answered it)",
    delta.every((value, index) => value.orderRequests === expectedRequests[index]),
    shown,
  );
  const total = (pick: (value: (typeof delta)[number]) => number) =>
    delta.reduce((sum, value) => sum + pick(value), 0);
  check(
    "summed over the instances, the counters give the cluster's totals",
    total((value) => value.orders) === ORDERS_PER_INSTANCE.reduce((sum, count) => sum + count, 0) &&
      total((value) => value.sold) === sold.reduce((sum, count) => sum + count, 0),
    `${total((value) => value.orders)} orders, ${total((value) => value.sold)} numbers sold`,
  );
}

/**
 * `npm run worker` (scripts/worker.ts, run by tsx as npm does) with METRICS_PORT: a scrape there
 * answers its process's metrics, and any other path a 404.
 */
export async function workerMetricsChecks(env: Record<string, string>, fromPort: number): Promise<void> {
  const [metricsPort] = await freePorts(1, fromPort);
  const tsx = path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs");
  const worker = spawn(process.execPath, [tsx, "scripts/worker.ts"], {
    env: { ...process.env, ...env, METRICS_PORT: String(metricsPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  worker.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  worker.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  try {
    const base = `http://127.0.0.1:${metricsPort}`;
    let scrape = { status: 0, text: "" };
    for (const deadline = Date.now() + 120_000; Date.now() < deadline && worker.exitCode === null;) {
      scrape = await fetchText(`${base}/metrics`).catch(() => scrape);
      if (scrape.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    check(
      "npm run worker serves its metrics on its METRICS_PORT",
      scrape.status === 200 &&
        scrape.text.includes("# TYPE portal_emails_total counter") &&
        scrape.text.includes("process_cpu_seconds_total"),
      scrape.status === 200 ? "" : `status ${scrape.status}; ${output.join("").slice(-300)}`,
    );
    const other = await fetchText(`${base}/api/health`).catch(() => ({ status: 0, text: "" }));
    check("and nothing else there (404)", other.status === 404, `${other.status}`);
  } finally {
    if (worker.exitCode === null) worker.kill("SIGTERM");
    await exited;
  }
}
