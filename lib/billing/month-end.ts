import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { appendEntries, openAccount } from "@/lib/billing/ledger";
import {
  bpToPercent,
  configuredSeller,
  decideTax,
  invoiceParties,
  taxOn,
  type Seller,
} from "@/lib/billing/tax";
import { transitionInvoice } from "@/lib/billing/invoice-states";
import { emailInvoiceFinalized, invoiceView } from "@/lib/billing/invoices";
import { recordAudit, systemActor, type AuditActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { statesWhere } from "@/lib/schemas/number-states";
import type { InvoiceView } from "@/lib/schemas/invoices";

// The month-end run (the worker's sweep "month_end"). When the clock is in month M, for every
// account (organization, currency), in one transaction each:
//   (a) the recurring fee of every billable number the organization holds, for [M, M+1), key
//       recurring:<number>:<M>, one INSERT … SELECT for the account, at the fee billing_number_fees
//       gives (a sold number's order item's, a ported number's destination product's); a number
//       sold, ported or restored in M before the run (prorated:/restore:<number>:<M>) has paid for
//       M already;
//   (b) one invoice "M-1:<organization>:<currency>" for [M-1, M) whose lines are the account's
//       charges (and credits back of charges) created before the 1st of M and on no invoice,
//       plus the recurring fees for M that (a) wrote (charged in advance); the tax on the subtotal
//       as a `tax` entry and line; finalized at once with the next number of the year's INV
//       series, open and due after BILLING_PAYMENT_TERMS_DAYS, or paid at once when its total is
//       zero or less. Anything dated in M (a sale at 00:00:30 on the 1st) waits for M+1's invoice.
// Every step is idempotent (entry keys, the invoice's run_key) and the account's row lock
// queues a second instance behind the first, so a repeated, concurrent or interrupted run
// charges nothing twice; the number is taken in the transaction that finalizes, so a rollback
// gives it back. The first pass of a month closes every account and records the month in
// billing_run; later passes close only accounts with entries before the 1st on no invoice and no
// invoice for M-1 yet (one indexed query), so an account the first pass missed is closed too.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of `moment`'s UTC month, moved by `months`. */
export function monthStart(moment: Date, months = 0): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + months, 1));
}

/** "YYYY-MM" of a moment's UTC month. */
export function monthKey(moment: Date): string {
  return moment.toISOString().slice(0, 7);
}

/** The kinds an invoice's lines are: charges, and credits that take a charge back. */
const CHARGE_KINDS = ["setup_fee", "prorated_fee", "recurring_fee"] as const;
const CREDIT_BACK_PREFIX = "overdue-credit:";

export type Account = { organizationId: string; currency: string };

export type MonthEndOptions = {
  /** Runs inside an account's transaction just before its invoice is numbered (tests cut the run here). */
  beforeFinalize?: (account: Account) => Promise<void> | void;
};

export type MonthEndResult = {
  month: string;
  accounts: number;
  recurringFees: number;
  invoices: number;
  failed: number;
};

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
 * The month-end of `now`'s month, every account in its own transaction. An account that throws
 * is left for the next pass (its transaction rolled back whole); the others go on, and the run
 * throws the first error at the end without recording the month as done.
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

async function closeAccounts(
  accounts: readonly Account[],
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
  for (const account of accounts) {
    try {
      const closed = await inRetryingTransaction((tx) =>
        closeAccount(tx, account, month, now, seller, options),
      );
      result.recurringFees += closed.recurringFees;
      if (closed.invoice) result.invoices += 1;
    } catch (error) {
      result.failed += 1;
      firstError ??= error;
    }
  }
  if (firstError !== null) throw firstError;
  return result;
}

/**
 * Every account with an entry, and every (organization, currency) holding a billable number at
 * the fee it is billed (billing_number_fees: sold and ported numbers alike).
 */
async function accountsToClose(): Promise<Account[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ organization_id: string; currency: string }[]>`
    SELECT organization_id, currency FROM billing_account
    UNION
    SELECT f.organization_id, f.currency
      FROM organization o CROSS JOIN LATERAL billing_number_fees(o.id) f
     WHERE f.status::text = ANY(${statesWhere("billable")}::text[])
    ORDER BY 1, 2`;
  return rows.map((row) => ({ organizationId: row.organization_id, currency: row.currency.trim() }));
}

/**
 * Accounts with a charge before `month` on no invoice and no invoice for the month before it.
 * The accounts already invoiced are set aside first (one index probe each), so the entries of
 * an account closed this month are never read again.
 */
async function accountsNotInvoiced(month: Date): Promise<Account[]> {
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
  return rows.map((row) => ({ organizationId: row.organization_id, currency: row.currency }));
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

async function closeAccount(
  tx: Tx,
  account: Account,
  month: Date,
  now: Date,
  seller: Seller,
  options: MonthEndOptions,
): Promise<{ recurringFees: number; invoice: InvoiceView | null }> {
  const { organizationId, currency } = account;
  await openAccount(tx, organizationId, currency, now);
  const runKey = `${monthKey(monthStart(month, -1))}:${organizationId}:${currency}`;
  if (await tx.invoice.findUnique({ where: { runKey }, select: { id: true } })) {
    return { recurringFees: 0, invoice: null };
  }
  const recurringFees = await chargeRecurringFees(tx, account, month, now);
  const invoice = await invoiceUninvoiced(tx, account, runKey, month, now, seller, options);
  return { recurringFees, invoice };
}

/** (a): one INSERT … SELECT of the account's recurring fees for `month`; answers how many were new. */
async function chargeRecurringFees(tx: Tx, account: Account, month: Date, now: Date): Promise<number> {
  const key = monthKey(month);
  const end = monthStart(month, 1);
  // The numbers already paid for the month are read once, in one pass over the organization's
  // entries, and set aside by a hashed NOT IN: a correlated lookup per number was planned as a
  // scan of the organization's entries per number (quadratic in a large fleet).
  return tx.$executeRaw`
    WITH paid AS MATERIALIZED (
      SELECT p.number_id FROM ledger_entry p
       WHERE p.organization_id = ${account.organizationId} AND p.number_id IS NOT NULL
         AND (p.idempotency_key LIKE ${`prorated:%:${key}`} OR p.idempotency_key LIKE ${`restore:%:${key}`})
    )
    INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id,
                              number_e164, order_id, period_start, period_end, idempotency_key, created_at)
    SELECT 'le_' || replace(gen_random_uuid()::text, '-', ''), f.organization_id, ${account.currency},
           'recurring_fee', -f.monthly_minor, 'Monthly fee ' || f.number || ', ' || ${key},
           f.configuration_id, f.number, f.order_id, ${month}::date, ${end}::date,
           'recurring:' || f.configuration_id || ':' || ${key}, ${now}
      FROM billing_number_fees(${account.organizationId}) f
     WHERE f.currency = ${account.currency} AND f.status::text = ANY(${statesWhere("billable")}::text[])
       AND f.monthly_minor > 0 AND f.configuration_id NOT IN (SELECT number_id FROM paid)
    ON CONFLICT (organization_id, idempotency_key) DO NOTHING`;
}

/** (b): the invoice of the account's entries not on an invoice yet, finalized; null when there are none. */
async function invoiceUninvoiced(
  tx: Tx,
  account: Account,
  runKey: string,
  month: Date,
  now: Date,
  seller: Seller,
  options: MonthEndOptions,
): Promise<InvoiceView | null> {
  const { organizationId, currency } = account;
  // Before the 1st, or the recurring fees for the month that (a) wrote.
  const uninvoiced = Prisma.sql`
    FROM ledger_entry e
   WHERE e.organization_id = ${organizationId} AND e.currency = ${currency}
     AND (e.created_at < ${month} AND (e.kind::text = ANY(${[...CHARGE_KINDS]}::text[])
                                       OR (e.kind = 'credit' AND e.idempotency_key LIKE ${`${CREDIT_BACK_PREFIX}%`}))
          OR e.kind = 'recurring_fee' AND e.period_start = ${month}::date)
     AND NOT EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id)`;
  const [any] = await tx.$queryRaw<{ id: string }[]>`SELECT e.id ${uninvoiced} LIMIT 1`;
  if (!any) return null;

  const profile = await tx.billingProfile.findUnique({ where: { organizationId } });
  const tax = decideTax(seller, profile ? { country: profile.country, vatId: profile.vatId } : null);
  const id = newId("invoice");
  await tx.invoice.create({
    data: {
      id,
      organizationId,
      currency,
      kind: "invoice",
      status: "draft",
      periodStart: monthStart(month, -1),
      periodEnd: month,
      subtotalMinor: 0n,
      taxMinor: 0n,
      totalMinor: 0n,
      taxRateBp: tax.rateBp,
      taxTreatment: tax.treatment,
      taxNote: tax.note,
      ...invoiceParties(seller, profile),
      runKey,
      createdAt: now,
    },
  });
  // The lines in one statement however many numbers: oldest entry first.
  await tx.$executeRaw`
    INSERT INTO invoice_line (invoice_id, position, ledger_entry_id, description, amount_minor)
    SELECT ${id}, row_number() OVER (ORDER BY e.created_at, e.id), e.id, e.description, -e.amount_minor
    ${uninvoiced}`;
  const [sums] = await tx.$queryRaw<{ subtotal: bigint; lines: number }[]>`
    SELECT COALESCE(sum(amount_minor), 0)::bigint AS subtotal, count(*)::int AS lines
      FROM invoice_line WHERE invoice_id = ${id}`;
  const taxMinor = sums.subtotal > 0n ? taxOn(sums.subtotal, tax.rateBp) : 0n;
  if (taxMinor !== 0n) {
    const taxKey = `tax:${id}`;
    await appendEntries(
      tx,
      [
        {
          organizationId,
          currency,
          kind: "tax",
          amountMinor: -taxMinor,
          description: `VAT ${bpToPercent(tax.rateBp)}%`,
          idempotencyKey: taxKey,
          createdAt: now,
          periodStart: monthStart(month, -1),
          periodEnd: month,
        },
      ],
      now,
    );
    const entry = await tx.ledgerEntry.findUniqueOrThrow({
      where: { organizationId_idempotencyKey: { organizationId, idempotencyKey: taxKey } },
    });
    await tx.invoiceLine.create({
      data: {
        invoiceId: id,
        position: sums.lines + 1,
        ledgerEntryId: entry.id,
        description: entry.description,
        amountMinor: taxMinor,
      },
    });
  }
  await options.beforeFinalize?.(account);
  return finalizeInvoice(tx, id, sums.subtotal, taxMinor, now);
}

/**
 * Numbers a draft from its year's series (a row lock held to the end of `tx`: gapless) and
 * finalizes it: open and due after the payment terms, or paid at once when it asks for nothing
 * (a credit note, or an invoice whose total is zero or less);
 * with invoice.finalized, its audit entry and the email to the billing recipients.
 */
export async function finalizeInvoice(
  tx: Tx,
  id: string,
  subtotalMinor: bigint,
  taxMinor: bigint,
  now: Date,
  actor: AuditActor = systemActor,
): Promise<InvoiceView> {
  const draft = await tx.invoice.findUniqueOrThrow({ where: { id } });
  const totalMinor = subtotalMinor + taxMinor;
  // A credit note, or an invoice that asks for nothing, is settled when it is issued.
  const settled = draft.kind === "credit_note" || totalMinor <= 0n;
  const status = transitionInvoice(draft.status, settled ? "finalize_settled" : "finalize");
  const number = await nextNumber(tx, draft.kind === "credit_note" ? "CN" : "INV", now);
  const updated = await tx.invoice.update({
    where: { id },
    data: {
      number,
      status,
      subtotalMinor,
      taxMinor,
      totalMinor,
      issuedAt: now,
      dueAt: new Date(now.getTime() + getEnv().BILLING_PAYMENT_TERMS_DAYS * DAY_MS),
      paidAt: status === "paid" ? now : null,
    },
  });
  const view = invoiceView({ ...updated, paidMinor: 0n });
  await recordEvents(tx, [event(updated.organizationId, "invoice.finalized", view)], now);
  await recordAudit(tx, {
    actor,
    ip: null,
    action: "invoice.finalized",
    organizationId: updated.organizationId,
    resource: { type: "invoice", id },
    changes: [
      { field: "status", from: "draft", to: status },
      { field: "number", from: null, to: number },
      { field: "total", from: null, to: view.total },
    ],
    at: now,
  });
  await emailInvoiceFinalized(tx, view, now);
  return view;
}

/** The next number of the series "<prefix>-<year of now>": INV-2026-000001. */
async function nextNumber(tx: Tx, prefix: "INV" | "CN", now: Date): Promise<string> {
  const series = `${prefix}-${now.getUTCFullYear()}`;
  await tx.$executeRaw`INSERT INTO invoice_number_series (series, last) VALUES (${series}, 0) ON CONFLICT DO NOTHING`;
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    UPDATE invoice_number_series SET last = last + 1 WHERE series = ${series} RETURNING last`;
  return `${series}-${String(row.last).padStart(6, "0")}`;
}
