import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { configuredSeller } from "@/lib/billing/tax";
import { monthKey, monthStart } from "@/lib/billing/months";
import {
  CHARGE_KINDS,
  closeBatch,
  CREDIT_BACK_PREFIX,
  type Account,
  type CloseOptions,
} from "@/lib/billing/month-end-close";
import { statesWhere } from "@/lib/schemas/number-states";

// The month-end run (the worker's sweep "month_end"). When the clock is in month M, for every
// account (organization, currency):
//   (a) the recurring fee of every billable number the organization holds, for [M, M+1), key
//       recurring:<number>:<M>, at the fee billing_number_fees gives (a sold number's order
//       item's, a ported number's destination product's); a number sold, ported or restored in M
//       before the run (prorated:/restore:<number>:<M>) has paid for M already;
//   (b) one invoice "M-1:<organization>:<currency>" for [M-1, M) whose lines are the account's
//       charges (and credits back of charges) created before the 1st of M and on no invoice,
//       plus the recurring fees for M that (a) wrote (charged in advance); the tax on the subtotal
//       as a `tax` entry and line; finalized at once with the next number of the year's INV
//       series, open and due after BILLING_PAYMENT_TERMS_DAYS, or paid at once when its total is
//       zero or less. Anything dated in M (a sale at 00:00:30 on the 1st) waits for M+1's invoice.
// Accounts are closed in batches (lib/billing/month-end-close.ts), each batch one transaction of
// a few statements; a batch that throws is rolled back and its accounts closed again one by one,
// so one failing account is left for the next pass and the others go on, as when every account
// was its own transaction. Every step is idempotent (entry keys, the invoice's run_key) and the
// accounts' row locks queue a second instance behind the first, so a repeated, concurrent or
// interrupted run charges nothing twice; the numbers are taken in the transaction that
// finalizes, so a rollback gives them back. The first pass of a month closes every account and
// records the month in billing_run; later passes close only accounts with entries before the 1st
// on no invoice and no invoice for M-1 yet (one indexed query), so an account the first pass
// missed is closed too.

export type { Account };

/**
 * A batch: at most this many accounts, and at most this many numbers billed (past it the batch
 * ends with the account that crossed it). A batch holds its accounts' row locks (a sale of those
 * organizations waits) for as long as it runs: a few seconds at these sizes on a loaded machine,
 * and within the transaction's timeout (lib/db/transaction.ts). `concurrent` batches run at once
 * on PostgreSQL, each on its own connection: the work is the database's, per row (the lines'
 * foreign keys, the indexes), and two backends use two cores. Batches hold disjoint accounts and
 * take the invoice series' row last, so they never wait on each other but for that, briefly.
 * PGlite has one connection: one batch at a time.
 */
const BATCH = { accounts: 100, numbers: 10_000, concurrent: 2 } as const;

export type MonthEndOptions = CloseOptions & {
  /** Smaller batches than BATCH's (tests run several batches, and two at once, on a few accounts). */
  batch?: { accounts: number; numbers: number };
};

export type MonthEndResult = {
  month: string;
  accounts: number;
  recurringFees: number;
  invoices: number;
  failed: number;
};

/** An account, and how many billable numbers it holds (0 where not counted). */
type Closing = Account & { numbers: number };

/**
 * The worker's sweep: the month-end of the clock's month over every account the first time; once
 * the month is recorded, over the accounts still owing their past month's invoice (none: null).
 */
export async function runMonthEndIfDue(
  now: Date,
  options: MonthEndOptions = {},
): Promise<MonthEndResult | null> {
  const prisma = await getPrisma();
  const done = await prisma.billingRun.findUnique({ where: { month: monthKey(now) } });
  if (!done) return runMonthEnd(now, options);
  const left = await accountsNotInvoiced(monthStart(now));
  if (left.length === 0) return null;
  return closeAccounts(left, now, options);
}

/**
 * The month-end of `now`'s month over every account. An account that throws is left for the
 * next pass (its part rolled back whole); the others go on, and the run throws the first error
 * at the end without recording the month as done.
 */
export async function runMonthEnd(now: Date, options: MonthEndOptions = {}): Promise<MonthEndResult> {
  const result = await closeAccounts(await accountsToClose(), now, options);
  const prisma = await getPrisma();
  await prisma.billingRun.createMany({
    data: [{ month: result.month, accounts: result.accounts, completedAt: now }],
    skipDuplicates: true,
  });
  return result;
}

/** `accounts` cut into batches of `size` in their order. */
function batchesOf<T extends { numbers: number }>(
  accounts: readonly T[],
  size: { accounts: number; numbers: number },
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let numbers = 0;
  for (const account of accounts) {
    batch.push(account);
    numbers += account.numbers;
    if (batch.length >= size.accounts || numbers >= size.numbers) {
      batches.push(batch);
      batch = [];
      numbers = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function closeAccounts(
  accounts: readonly Closing[],
  now: Date,
  options: MonthEndOptions,
): Promise<MonthEndResult> {
  const month = monthStart(now);
  const seller = configuredSeller();
  const result: MonthEndResult = {
    month: monthKey(month),
    accounts: accounts.length,
    recurringFees: 0,
    invoices: 0,
    failed: 0,
  };
  let firstError: unknown = null;
  const close = async (batch: readonly Account[]) => {
    const closed = await inRetryingTransaction((tx) => closeBatch(tx, batch, month, now, seller, options));
    result.recurringFees += closed.recurringFees;
    result.invoices += closed.invoices;
  };
  const closeOrSplit = async (batch: readonly Account[]) => {
    try {
      await close(batch);
    } catch (error) {
      // The batch wrote nothing: each account again on its own, so only the one that throws waits.
      for (const account of batch.length === 1 ? [] : batch) {
        try {
          await close([account]);
        } catch (again) {
          result.failed += 1;
          firstError ??= again;
        }
      }
      if (batch.length === 1) {
        result.failed += 1;
        firstError ??= error;
      }
    }
  };
  const batches = batchesOf(accounts, options.batch ?? BATCH);
  const concurrent = (await getDatabase()).kind === "postgres" ? BATCH.concurrent : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (next < batches.length) await closeOrSplit(batches[next++]);
    }),
  );
  if (firstError !== null) throw firstError;
  return result;
}

/**
 * Every account with an entry, and every (organization, currency) holding a billable number at
 * the fee it is billed (billing_number_fees: sold and ported numbers alike), with how many.
 */
async function accountsToClose(): Promise<Closing[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ organization_id: string; currency: string; numbers: number }[]>`
    SELECT organization_id, currency, sum(numbers)::int AS numbers FROM (
      SELECT organization_id, currency, 0 AS numbers FROM billing_account
      UNION ALL
      SELECT f.organization_id, f.currency, count(*)
        FROM organization o CROSS JOIN LATERAL billing_number_fees(o.id) f
       WHERE f.status::text = ANY(${statesWhere("billable")}::text[])
       GROUP BY 1, 2
    ) accounts
    GROUP BY 1, 2 ORDER BY 1, 2`;
  return rows.map((row) => ({
    organizationId: row.organization_id,
    currency: row.currency.trim(),
    numbers: row.numbers,
  }));
}

/**
 * Accounts with a charge before `month` on no invoice and no invoice for the month before it.
 * The accounts already invoiced are set aside first (one index probe each), so the entries of
 * an account closed this month are never read again.
 */
async function accountsNotInvoiced(month: Date): Promise<Closing[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ organization_id: string; currency: string }[]>`
    WITH not_invoiced AS MATERIALIZED (
      SELECT a.organization_id, a.currency FROM billing_account a
       WHERE NOT EXISTS (SELECT 1 FROM invoice i
                          WHERE i.run_key = ${monthKey(monthStart(month, -1))} || ':' || a.organization_id || ':' || a.currency)
    )
    SELECT a.organization_id, a.currency FROM not_invoiced a
     WHERE EXISTS (${uninvoicedBefore(month, Prisma.sql`a.organization_id`, Prisma.sql`a.currency`)})
     ORDER BY 1, 2`;
  return rows.map((row) => ({ organizationId: row.organization_id, currency: row.currency, numbers: 0 }));
}

/** SELECT of an account's invoiceable entries dated before `month` that are on no invoice. */
function uninvoicedBefore(month: Date, organizationId: Prisma.Sql, currency: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT 1 FROM ledger_entry e
     WHERE e.organization_id = ${organizationId} AND e.currency = ${currency} AND e.created_at < ${month}
       AND (e.kind::text = ANY(${[...CHARGE_KINDS]}::text[])
            OR (e.kind = 'credit' AND e.idempotency_key LIKE ${`${CREDIT_BACK_PREFIX}%`}))
       AND NOT EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id)`;
}
