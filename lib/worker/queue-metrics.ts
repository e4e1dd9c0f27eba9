import "server-only";
import { getPrisma } from "@/lib/db/client";
import { addCollector, metrics } from "@/lib/observability/metrics";

// Every queue the worker (lib/worker/worker.ts) drains (webhook deliveries, emails, jobs,
// password reset requests), as a scrape sees it: how many items
// wait, and how long the oldest due one has been due. A queue backing up shows first as that
// age growing. One statement at scrape time, on the indexes the worker's claims use; the same
// numbers on every instance (they read one database), so alerts take the max.

type QueueRow = { queue: string; depth: number; oldest_age_seconds: number };

/** Each queue's depth and oldest due item's age at `now`. */
export async function measureQueues(now: Date = new Date()): Promise<QueueRow[]> {
  const prisma = await getPrisma();
  return prisma.$queryRaw<QueueRow[]>`
    SELECT 'webhook_deliveries' AS queue, count(*)::int AS depth,
           coalesce(extract(epoch FROM ${now}::timestamptz - min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${now})), 0)::float8 AS oldest_age_seconds
      FROM webhook_delivery WHERE status = 'pending'
    UNION ALL
    SELECT 'emails', count(*)::int,
           coalesce(extract(epoch FROM ${now}::timestamptz - min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${now})), 0)::float8
      FROM email_message WHERE status = 'queued'
    UNION ALL
    SELECT 'jobs', count(*)::int,
           coalesce(extract(epoch FROM ${now}::timestamptz - min(created_at)), 0)::float8
      FROM job WHERE status IN ('queued', 'running')
    UNION ALL
    SELECT 'password_resets', count(*)::int,
           coalesce(extract(epoch FROM ${now}::timestamptz - min(requested_at)), 0)::float8
      FROM password_reset_request`;
}

/** Measures the queues at each scrape of this process's /metrics. */
export function watchQueues(): void {
  addCollector("queues", async () => {
    const { queueDepth, queueOldestAge } = metrics();
    for (const row of await measureQueues()) {
      queueDepth.set({ queue: row.queue }, row.depth);
      queueOldestAge.set({ queue: row.queue }, Math.max(0, row.oldest_age_seconds));
    }
  });
}
