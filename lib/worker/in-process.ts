import "server-only";
import { getEnv } from "@/lib/env";
import { processSlot } from "@/lib/process-singleton";
import { startWorker, workerOptionsFromEnv, type Worker } from "@/lib/worker/worker";

// The worker inside next-server (instrumentation.ts). With PGlite only next-server may open the
// data directory, so there it must run in-process; with PostgreSQL it may run here, in every
// instance (they share the work through the table's leases), or apart (WEBHOOKS_WORKER=off
// here and `npm run worker` elsewhere).

const slot = processSlot<Worker>("webhooks-worker");

export function startInProcessWorker(): void {
  if (getEnv().WEBHOOKS_WORKER === "off" || slot.get()) return;
  const worker = startWorker(workerOptionsFromEnv());
  slot.set(worker);
  // No new claims once the server is told to stop; a claim in flight runs out by its lease.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      void worker.stop();
    });
}
