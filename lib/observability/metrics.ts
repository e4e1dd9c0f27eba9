import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processSlot } from "@/lib/process-singleton";

// The process's Prometheus metrics (docs/OPERATIONS.md lists them). One registry per process,
// on globalThis: Next bundles each route with its own module instances, and the custom server
// (scripts/server.ts) is a bundle of its own, so a module-level registry would exist once per
// bundle and a scrape would see only one of them. Each instance keeps its own counts; the
// scraper's `instance` label keeps the instances apart.

/** Samples a scrape reads that someone else knows how to measure (the pool, the queues). */
type Collector = () => Promise<void> | void;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function makeMetrics(registry: Registry) {
  const registers = [registry];
  return {
    registry,
    collectors: new Map<string, Collector>(),
    requestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Requests by route template (never the raw path), method and status, and how long each took.",
      labelNames: ["route", "method", "status"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    poolInUse: new Gauge({
      name: "portal_db_pool_in_use",
      help: "Database connections checked out of this instance's pool, per database.",
      labelNames: ["database"] as const,
      registers,
    }),
    poolWaiting: new Gauge({
      name: "portal_db_pool_waiting",
      help: "Queries waiting for one of this instance's pool connections, per database.",
      labelNames: ["database"] as const,
      registers,
    }),
    poolSize: new Gauge({
      name: "portal_db_pool_max",
      help: "The most connections this instance's pool opens, per database (DB_POOL_SIZE).",
      labelNames: ["database"] as const,
      registers,
    }),
    replicaLag: new Gauge({
      name: "portal_db_replica_lag_seconds",
      help: "How far each read replica is behind the primary, as last checked (kept while it does not answer).",
      labelNames: ["database"] as const,
      registers,
    }),
    replicaUp: new Gauge({
      name: "portal_db_replica_up",
      help: "1 while a read replica answers its checks, 0 while it does not (its reads go to the primary).",
      labelNames: ["database"] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: "portal_queue_depth",
      help: "Items waiting in each queue (webhook deliveries, emails, jobs, password resets), due or not.",
      labelNames: ["queue"] as const,
      registers,
    }),
    queueOldestAge: new Gauge({
      name: "portal_queue_oldest_age_seconds",
      help: "How long the oldest due item of each queue has been due (0: nothing due).",
      labelNames: ["queue"] as const,
      registers,
    }),
    orders: new Counter({
      name: "portal_orders_total",
      help: "Orders placed by this instance (replays of an Idempotency-Key not counted).",
      registers,
    }),
    numbersSold: new Counter({
      name: "portal_numbers_sold_total",
      help: "Numbers sold by this process: by orders placed here and by the back-order fills it made.",
      registers,
    }),
    numbersReleased: new Counter({
      name: "portal_numbers_released_total",
      help: "Numbers released (by their owners, by release jobs, or for overdue documents).",
      registers,
    }),
    emails: new Counter({
      name: "portal_emails_total",
      help: "Email send attempts by outcome: sent, retrying (will be tried again) or failed (given up).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "portal_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome: succeeded, retrying (will be tried again) or failed (given up).",
      labelNames: ["outcome"] as const,
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof makeMetrics>;
const slot = processSlot<Metrics>("metrics");

/** This process's metrics, made (with Node's process metrics) on first use. */
export function metrics(): Metrics {
  let made = slot.get();
  if (!made) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    made = makeMetrics(registry);
    slot.set(made);
  }
  return made;
}

/**
 * Adds (or replaces) what a scrape measures first under `name`: the pool, the replicas, the
 * queues. A collector that fails leaves its gauges as they were; the scrape goes on.
 */
export function addCollector(name: string, collector: Collector): void {
  metrics().collectors.set(name, collector);
}

export function removeCollector(name: string): void {
  metrics().collectors.delete(name);
}

/** The text a scrape answers, in Prometheus' exposition format. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry, collectors } = metrics();
  await Promise.all(
    [...collectors.values()].map(async (collect) => {
      try {
        await collect();
      } catch {
        // A database that does not answer now: its gauges keep their last values.
      }
    }),
  );
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** One request served: its route template (a bounded set), method, status and duration. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  metrics().requestDuration.observe({ route, method, status: String(status) }, seconds);
}

/** Forgets every count (tests that start from zero). */
export function resetMetrics(): void {
  metrics().registry.resetMetrics();
}
