// Next calls register() once when a server starts. The Node.js server (never the edge
// runtime) runs the webhook delivery worker in-process; WEBHOOKS_WORKER=off turns it off.
// Each scrape of /metrics measures the queues (lib/worker/queue-metrics.ts); tracing itself
// starts in scripts/server.ts, before Next, so that Next's own spans have somewhere to go.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startInProcessWorker } = await import("@/lib/worker/in-process");
  const { watchQueues } = await import("@/lib/worker/queue-metrics");
  startInProcessWorker();
  watchQueues();
}
