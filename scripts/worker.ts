// npm run worker – the webhook delivery worker alone, for PostgreSQL deployments that run it
// apart from the web instances (set WEBHOOKS_WORKER=off on those). Stops on SIGTERM or SIGINT
// after the pass under way.
import { getEnv } from "@/lib/env";
import { startWorker, workerOptionsFromEnv } from "@/lib/worker/worker";
import { startTracing } from "@/lib/observability/tracing";
import { listenForScrapes } from "@/lib/api/metrics-endpoint";

async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL: with the embedded database only the web server may open it, and it runs the worker itself.",
    );
    process.exit(1);
  }
  // A span per worker task, as in the web instances (docs/OPERATIONS.md).
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  // Its own counts (emails, webhook deliveries, releases, back-order fills) for the scraper: a
  // worker has no app port, so only METRICS_PORT serves them (docs/OPERATIONS.md).
  if (env.METRICS_PORT !== undefined) listenForScrapes(env.METRICS_PORT);
  const worker = startWorker(workerOptionsFromEnv());
  // The worker's timers do not hold the process open: this one does, until a signal.
  const keepAlive = setInterval(() => undefined, 60_000);
  console.log(
    `Webhook worker running (poll every ${env.WEBHOOKS_POLL_MS} ms, lease ${env.WEBHOOKS_LEASE_SECONDS} s).`,
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      clearInterval(keepAlive);
      void worker.stop().then(() => process.exit(0));
    });
}

main().catch((error: unknown) => {
  console.error(`npm run worker failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
