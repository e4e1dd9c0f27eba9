import "server-only";
import { getEnv } from "@/lib/env";
import { inSpan } from "@/lib/observability/tracing";
import { handlers as registered, type Handler, type WorkerContext } from "@/lib/worker/handlers";

// The background worker: one loop running every handler of lib/worker/handlers.ts (webhook
// deliveries, password resets, email, bulk jobs, and the sweeps on their period). It runs in
// next-server (instrumentation.ts) or alone (scripts/worker.ts). Its timers are unref'd, so it
// never keeps a process alive by itself; stop() lets the pass under way finish.

export type Worker = { stop: () => Promise<void> };

type WorkerOptions = {
  pollMs: number;
  leaseMs: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** The work; the registry's handlers unless a test gives its own. */
  handlers?: readonly Handler[];
};

export function workerOptionsFromEnv(): WorkerOptions {
  const env = getEnv();
  return { pollMs: env.WEBHOOKS_POLL_MS, leaseMs: env.WEBHOOKS_LEASE_SECONDS * 1000 };
}

/** A span per handler of a pass when tracing is on (its SQL nests under it); else just the handler. */
function task<T>(name: string, run: () => Promise<T>): Promise<T> {
  return inSpan(`worker ${name}`, { "worker.task": name }, run);
}

/** One round: each handler in order, the sweeps only when their period has gone by; answers how many items the queues claimed. */
export async function runWorkerPass(
  handlers: readonly Handler[],
  context: WorkerContext,
  lastRun: Map<string, number>,
): Promise<number> {
  let claimed = 0;
  for (const handler of handlers) {
    if ("everyMs" in handler) {
      const at = context.now().getTime();
      if (at - (lastRun.get(handler.name) ?? -Infinity) < handler.everyMs) continue;
      lastRun.set(handler.name, at);
      await task(handler.name, () => handler.run(context));
    } else claimed += await task(handler.name, () => handler.run(context));
  }
  return claimed;
}

export function startWorker(options: WorkerOptions): Worker {
  const context: WorkerContext = { now: options.now ?? (() => new Date()), leaseMs: options.leaseMs };
  const log = options.log ?? ((line: string) => console.error(line));
  const handlers = options.handlers ?? registered;
  const lastRun = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    let claimed = 0;
    try {
      claimed = await runWorkerPass(handlers, context, lastRun);
    } catch (error) {
      // The database may be away for a while (a restart, an outage): try again next time.
      log(`webhooks worker: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (stopped) return;
    // A full batch suggests more are due: go on at once rather than after the poll interval.
    timer = setTimeout(schedule, claimed > 0 ? 0 : options.pollMs);
    timer.unref();
  };
  const schedule = () => {
    running = tick();
  };
  timer = setTimeout(schedule, 0);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
