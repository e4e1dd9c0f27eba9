import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { recordAudit, systemActor } from "@/lib/audit/record";
import { systemWriter } from "@/lib/auth/types";
import { releaseStored } from "@/lib/numbers/lifecycle";
import { heldStatesLeavingBy } from "@/lib/schemas/number-states";
import { configurationInclude } from "@/lib/numbers/to-api";
import { moveStanding } from "@/lib/billing/move-standing";
import {
  RELEASE_AFTER_DAYS,
  SUSPEND_AFTER_DAYS,
  standingsLeavingBy,
  suspensionAt,
  type Standing,
} from "@/lib/billing/standing";

// Dunning, the worker's sweep on its injected clock (lib/worker/handlers.ts). A room of its own
// above lib/billing and lib/numbers: it moves standings (billing) and releases numbers (numbers),
// and lib/numbers already asks lib/billing for a release's charges. Per billing
// account (organization, currency), in this order, so a sweep that comes late catches up at
// the times the moves were due, not at the time it ran:
//
//   1. past_due | suspended with no open invoice past its due date (support voided it or wrote
//      it off) → good_standing (a payment restores it at once; this is the other way out);
//   2. good_standing with an open invoice unpaid past due_at → past_due, standing_since = the
//      earliest such due_at; the billing members are emailed;
//   3. past_due for 14 days → suspended, standing_since = 14 days after it fell past due;
//      emailed. From then on none of the organization's numbers routes a call;
//   4. suspended for 30 days → the organization's numbers are released as a release does
//      (aging, restorable within the window), cause non_payment, by the system.
//
// Each account is moved in a transaction that locks its row first (as a payment does), reads
// what is past due after the lock, and moves through moveStanding's conditional UPDATE: two
// sweeps at once, or a sweep and a payment, never move an account twice.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
const RELEASABLE = heldStatesLeavingBy("non_payment");

type AccountKey = { organization_id: string; currency: string };
type Locked = { standing: Standing; standing_since: Date };

async function lockAccount(tx: Tx, account: AccountKey): Promise<Locked | undefined> {
  const [row] = await tx.$queryRaw<Locked[]>`
    SELECT standing::text AS standing, standing_since FROM billing_account
     WHERE organization_id = ${account.organization_id} AND currency = ${account.currency}
     FOR UPDATE`;
  return row;
}

/** The earliest due_at of the account's open invoices unpaid past it, read after the lock. */
async function earliestOverdue(tx: Tx, account: AccountKey, now: Date): Promise<Date | null> {
  const [row] = await tx.$queryRaw<{ due_at: Date | null }[]>`
    SELECT min(due_at) AS due_at FROM invoice
     WHERE organization_id = ${account.organization_id} AND currency = ${account.currency}
       AND kind = 'invoice' AND status = 'open' AND due_at <= ${now}`;
  return row?.due_at ?? null;
}

const system = { actor: systemActor, ip: null };

/** 1: accounts out of good standing with nothing past due any more. */
async function settle(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const candidates = await prisma.$queryRaw<AccountKey[]>`
    SELECT a.organization_id, a.currency FROM billing_account a
     WHERE a.standing::text = ANY(${standingsLeavingBy("settled")}::text[])
       AND NOT EXISTS (SELECT 1 FROM invoice i
                        WHERE i.organization_id = a.organization_id AND i.currency = a.currency
                          AND i.kind = 'invoice' AND i.status = 'open' AND i.due_at <= ${now})
     ORDER BY a.organization_id, a.currency LIMIT ${BATCH}`;
  let moved = 0;
  for (const account of candidates) {
    const done = await inRetryingTransaction(async (tx) => {
      if (!(await lockAccount(tx, account))) return false;
      if ((await earliestOverdue(tx, account, now)) !== null) return false;
      const after = await moveStanding(tx, {
        organizationId: account.organization_id,
        currency: account.currency,
        cause: "settled",
        since: now,
        now,
        ...system,
      });
      return after !== null;
    });
    if (done) moved++;
  }
  return moved;
}

/** 2: accounts in good standing with an open invoice unpaid past its due date. */
async function fallPastDue(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const candidates = await prisma.$queryRaw<AccountKey[]>`
    SELECT DISTINCT a.organization_id, a.currency FROM billing_account a
      JOIN invoice i ON i.organization_id = a.organization_id AND i.currency = a.currency
     WHERE a.standing::text = ANY(${standingsLeavingBy("invoice_overdue")}::text[])
       AND i.kind = 'invoice' AND i.status = 'open' AND i.due_at <= ${now}
     ORDER BY a.organization_id, a.currency LIMIT ${BATCH}`;
  let moved = 0;
  for (const account of candidates) {
    const done = await inRetryingTransaction(async (tx) => {
      if (!(await lockAccount(tx, account))) return false;
      const due = await earliestOverdue(tx, account, now);
      if (due === null) return false;
      const after = await moveStanding(tx, {
        organizationId: account.organization_id,
        currency: account.currency,
        cause: "invoice_overdue",
        since: due,
        now,
        ...system,
      });
      return after !== null;
    });
    if (done) moved++;
  }
  return moved;
}

/** 3: accounts past due for 14 days. */
async function suspend(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const candidates = await prisma.$queryRaw<AccountKey[]>`
    SELECT organization_id, currency FROM billing_account
     WHERE standing::text = ANY(${standingsLeavingBy("suspension")}::text[])
       AND standing_since <= ${new Date(now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS)}
     ORDER BY organization_id, currency LIMIT ${BATCH}`;
  let moved = 0;
  for (const account of candidates) {
    const done = await inRetryingTransaction(async (tx) => {
      const locked = await lockAccount(tx, account);
      if (!locked || (await earliestOverdue(tx, account, now)) === null) return false;
      const since = suspensionAt(locked.standing_since);
      if (since.getTime() > now.getTime()) return false;
      const after = await moveStanding(tx, {
        organizationId: account.organization_id,
        currency: account.currency,
        cause: "suspension",
        since,
        now,
        ...system,
      });
      return after !== null;
    });
    if (done) moved++;
  }
  return moved;
}

/** 4: the numbers of organizations with an account suspended for 30 days; answers how many. */
async function releaseUnpaid(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const organizations = await prisma.$queryRaw<{ organization_id: string; currency: string }[]>`
    SELECT DISTINCT ON (organization_id) organization_id, currency FROM billing_account
     WHERE standing = 'suspended'
       AND standing_since <= ${new Date(now.getTime() - RELEASE_AFTER_DAYS * DAY_MS)}
     ORDER BY organization_id, standing_since, currency`;
  let released = 0;
  for (const { organization_id: organizationId, currency } of organizations) {
    released += await releaseForNonPayment(organizationId, currency, now, BATCH - released);
    if (released >= BATCH) break;
  }
  return released;
}

/**
 * Releases up to `limit` numbers of the organization for non-payment (its `currency` account
 * suspended past the grace), as the system and whatever their lock; answers how many.
 */
export async function releaseForNonPayment(
  organizationId: string,
  currency: string,
  now: Date,
  limit = BATCH,
): Promise<number> {
  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({
    where: { organizationId, kind: "number", status: { in: RELEASABLE } },
    include: configurationInclude,
    orderBy: [{ number: "asc" }, { id: "asc" }],
    take: limit,
  });
  let released = 0;
  for (const row of rows) {
    try {
      await releaseStored(systemWriter(organizationId), row, {
        force: true,
        now,
        systemCause: "non_payment",
        also: (tx) =>
          recordAudit(tx, {
            ...system,
            action: "number.released_for_non_payment",
            organizationId,
            resource: { type: "number", id: row.id },
            changes: [{ field: "billing_account", from: null, to: `${currency} suspended` }],
            at: now,
          }),
      });
      released++;
    } catch (error) {
      // Released, restored or changed since it was read: the next sweep reads it again.
      if (error instanceof ApiError && error.code === "precondition_failed") continue;
      throw error;
    }
  }
  return released;
}

export type DunningSweep = { settled: number; past_due: number; suspended: number; released: number };

/** The whole sweep, for the worker. */
export async function sweepDunning(now: Date): Promise<DunningSweep> {
  const settled = await settle(now);
  const pastDue = await fallPastDue(now);
  const suspended = await suspend(now);
  const released = await releaseUnpaid(now);
  return { settled, past_due: pastDue, suspended, released };
}
