import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";
import { deliverDueEmails } from "@/lib/email/deliver";
import { getEnv } from "@/lib/env";
import { purgeOldEvents } from "@/lib/events/list-events";
import { purgeOldAuditEvents } from "@/lib/audit/list-audit";
import { expireEndedHolds } from "@/lib/reservations/expire-holds";
import { returnReleasedNumbers } from "@/lib/orders/return-released";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import { expireDueBundles } from "@/lib/compliance/bundles";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import { deliverDue } from "@/lib/webhooks/deliver";
import { urlPolicy } from "@/lib/webhooks/manage-webhooks";
import { inSpan } from "@/lib/observability/tracing";

// The background worker (docs/CONTRACT.md §14): delivers due webhooks, queued email (§15) and bulk
// jobs' batches (§16), and every minute does the housekeeping (reservation.expired for ended
// holds, events past 30 days and audit entries past 365 days deleted, released numbers back
// to inventory when their window ends, reminders and releases of numbers whose documents are
// due, approved bundles expired at their valid_until, docs/CONTRACT.md §17). It runs in
// next-server (instrumentation.ts) or alone (scripts/worker.ts). Its timers are unref'd, so it
// never keeps a process alive by itself; stop() lets the pass under way finish.

const HOUSEKEEPING_MS = 60_000;

export type Worker = { stop: () => Promise<void> };

type WorkerOptions = {
  pollMs: number;
  leaseMs: number;
  now?: () => Date;
  log?: (line: string) => void;
};

export function workerOptionsFromEnv(): WorkerOptions {
  const env = getEnv();
  return { pollMs: env.WEBHOOKS_POLL_MS, leaseMs: env.WEBHOOKS_LEASE_SECONDS * 1000 };
}

/** A span per task of a pass when tracing is on (its SQL nests under it); else just the task. */
function task<T>(name: string, run: () => Promise<T>): Promise<T> {
  return inSpan(`worker ${name}`, { "worker.task": name }, run);
}

/** One round: due deliveries, then the housekeeping when it is due. */
async function runWorkerPass(
  now: () => Date,
  leaseMs: number,
  housekeeping: boolean,
): Promise<{ claimed: number }> {
  if (housekeeping) {
    await task("expire_holds", () => expireEndedHolds(now()));
    await task("purge_events", () => purgeOldEvents(now()));
    await task("purge_audit", () => purgeOldAuditEvents(now()));
    // Released numbers whose restore window ended go back to inventory (docs/CONTRACT.md §16).
    await task("return_released", () => returnReleasedNumbers(now()));
    // Numbers pending documents: the reminder 3 days before documents_due, and the release
    // at it (docs/CONTRACT.md §17).
    await task("document_deadlines", () => sweepDocumentDeadlines(now()));
    // Approved bundles past valid_until become expired, with bundle.status_changed and the
    // audit entry, whether or not anyone reads them (docs/CONTRACT.md §17).
    await task("expire_bundles", () => expireDueBundles(now()));
  }
  const webhooks = await task("webhook_deliveries", () => deliverDue({ now, leaseMs, policy: urlPolicy() }));
  // Asked-for password resets become their emails (or nothing) before the emails go out, so
  // a reset link leaves in the same pass that saw the request.
  const resets = await task("password_resets", () => actOnPasswordResetRequests({ now: now() }));
  // Email (docs/CONTRACT.md §15) rides the same loop: one worker, one claim pattern per table.
  const emails = await task("emails", () => deliverDueEmails({ now, leaseMs }));
  // One batch of a bulk job (docs/CONTRACT.md §16), claimed under the same lease length.
  const done = await task("jobs", () => runDueJobs({ now, leaseMs }));
  return { claimed: webhooks + resets + emails + done };
}

export function startWorker(options: WorkerOptions): Worker {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastHousekeeping = 0;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    let claimed = 0;
    try {
      const housekeeping = now().getTime() - lastHousekeeping >= HOUSEKEEPING_MS;
      if (housekeeping) lastHousekeeping = now().getTime();
      claimed = (await runWorkerPass(now, options.leaseMs, housekeeping)).claimed;
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
