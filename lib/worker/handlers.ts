import "server-only";
import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";
import { purgeOldAuditEvents } from "@/lib/audit-events/list-audit";
import { runMonthEndIfDue } from "@/lib/billing/month-end";
import { getEnv } from "@/lib/env";
import { expireDueBundles } from "@/lib/compliance/bundle-expiry";
import { sweepDunning } from "@/lib/dunning/dunning";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import { deliverDueEmails } from "@/lib/email/deliver";
import { purgeOldEvents } from "@/lib/events/list-events";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import { returnReleasedNumbers } from "@/lib/orders/return-released";
import { driveCarrier } from "@/lib/porting/driver";
import { expireEndedHolds } from "@/lib/reservations/expire-holds";
import { sweepExpiredSsoSignIns } from "@/lib/sso/sign-in";
import { sweepBillingAlerts } from "@/lib/billing/alert-sweep";
import { deliverDue } from "@/lib/webhooks/deliver";
import { urlPolicy } from "@/lib/webhooks/manage-webhooks";

// Every kind of work the worker does, one entry each, run in this order in a pass
// (docs/ARCHITECTURE.md, "The worker"). A queue's handler claims under a lease
// (lib/queue/queue.ts) and answers how many items it claimed; a sweep runs on its period.

export type WorkerContext = {
  /** The clock: every time the work reads or writes comes from it. */
  now: () => Date;
  /** How long a claim holds before another instance may take the item. */
  leaseMs: number;
};

export type Handler =
  /** Queued work: every pass; answers how many items it claimed (more than none: the next pass comes at once). */
  | { name: string; run: (context: WorkerContext) => Promise<number> }
  /** A sweep: a pass runs it when `everyMs` has gone by since it last did. */
  | { name: string; everyMs: number; run: (context: WorkerContext) => Promise<unknown> };

const MINUTE = 60_000;

/** The handlers; `name` is the span's (`worker <name>`) and the log's. */
export const handlers: readonly Handler[] = [
  // Holds that ended: reservation.expired (docs/CONTRACT.md §14).
  { name: "expire_holds", everyMs: MINUTE, run: ({ now }) => expireEndedHolds(now()) },
  // Events past 30 days and audit entries past 365 days deleted.
  { name: "purge_events", everyMs: MINUTE, run: ({ now }) => purgeOldEvents(now()) },
  { name: "purge_audit", everyMs: MINUTE, run: ({ now }) => purgeOldAuditEvents(now()) },
  // Released numbers whose restore window ended go back to inventory (docs/CONTRACT.md §16).
  { name: "return_released", everyMs: MINUTE, run: ({ now }) => returnReleasedNumbers(now()) },
  // Numbers pending documents: the reminder 3 days before documents_due, and the release at
  // it (docs/CONTRACT.md §17).
  { name: "document_deadlines", everyMs: MINUTE, run: ({ now }) => sweepDocumentDeadlines(now()) },
  // Billing accounts with an invoice unpaid past its due date: past_due, 14 days later
  // suspended, 30 days after that the organization's numbers released (lib/billing/standing.ts).
  { name: "dunning", everyMs: MINUTE, run: ({ now }) => sweepDunning(now()) },
  // Approved bundles past valid_until become expired, with bundle.status_changed and the audit
  // entry, whether or not anyone reads them (docs/CONTRACT.md §17).
  { name: "expire_bundles", everyMs: MINUTE, run: ({ now }) => expireDueBundles(now()) },
  // The month-end run (docs/API.md, "Invoices"): once a month every account's recurring fees and
  // the past month's invoice; on later passes, only accounts with past-month entries on no invoice.
  {
    name: "month_end",
    // Read when the loop asks, not when this module loads (a build imports it without settings).
    get everyMs() {
      return getEnv().BILLING_RUN_EVERY_MS;
    },
    run: ({ now }) => runMonthEndIfDue(now()),
  },
  // Port orders (docs/API.md "Port-in"): the losing carrier's answers, activation at the FOC
  // and confirmed cancellations, each order moved once however many instances sweep.
  {
    name: "port_carrier",
    get everyMs() {
      return getEnv().PORTING_CARRIER_EVERY_MS;
    },
    run: ({ now }) => driveCarrier(now),
  },
  // Single sign-ins whose person never came back from the provider (docs/API.md "Single sign-on").
  { name: "sso_sign_ins", everyMs: MINUTE, run: ({ now }) => sweepExpiredSsoSignIns(now()) },
  // Balance alerts: fire once per crossing, re-arm when the amount is back (docs/API.md "Billing").
  // Before the deliveries and emails, so what it records goes out in the same pass.
  { name: "billing_alerts", everyMs: MINUTE, run: ({ now }) => sweepBillingAlerts(now()) },
  // Webhook deliveries (docs/CONTRACT.md §14).
  {
    name: "webhook_deliveries",
    run: ({ now, leaseMs }) => deliverDue({ now, leaseMs, policy: urlPolicy() }),
  },
  // Asked-for password resets become their emails (or nothing) before the emails go out, so a
  // reset link leaves in the same pass that saw the request.
  { name: "password_resets", run: ({ now }) => actOnPasswordResetRequests({ now: now() }) },
  // Email (docs/CONTRACT.md §15).
  { name: "emails", run: ({ now, leaseMs }) => deliverDueEmails({ now, leaseMs }) },
  // One batch of a bulk job (docs/CONTRACT.md §16).
  { name: "jobs", run: ({ now, leaseMs }) => runDueJobs({ now, leaseMs }) },
];
