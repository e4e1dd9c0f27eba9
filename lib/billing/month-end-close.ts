import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { appendEntries, openAccounts } from "@/lib/billing/ledger";
import { monthKey, monthStart } from "@/lib/billing/months";
import { bpToPercent, decideTax, invoiceParties, taxOn, type Seller } from "@/lib/billing/tax";
import { finalizeInvoices } from "@/lib/billing/invoice-finalize";
import { statesWhere } from "@/lib/schemas/number-states";

// Closing a batch of accounts for month M in one transaction (lib/billing/month-end.ts runs the
// batches): (a) their recurring fees for M and (b) their invoices for M-1, each a few statements
// for the whole batch, not per account. At 100,000 numbers a statement per account, or a
// statement per line, is what made the run take minutes: the round trips, and the per-row work
// of many small statements (planning, triggers), not the rows themselves.

export type Account = { organizationId: string; currency: string };

export type CloseOptions = {
  /** Runs inside the batch's transaction for each account just before the invoices are numbered (tests cut the run here). */
  beforeFinalize?: (account: Account) => Promise<void> | void;
};

/** The kinds an invoice's lines are: charges, and credits that take a charge back. */
export const CHARGE_KINDS = ["setup_fee", "prorated_fee", "recurring_fee"] as const;
export const CREDIT_BACK_PREFIX = "overdue-credit:";

/** `${M-1}:<organization>:<currency>`: the invoice of the month before `month`, one per account. */
const runKeyOf = (account: Account, month: Date) =>
  `${monthKey(monthStart(month, -1))}:${account.organizationId}:${account.currency}`;

const columns = (accounts: readonly Account[]) => ({
  organizations: accounts.map((account) => account.organizationId),
  currencies: accounts.map((account) => account.currency),
});

/**
 * Closes `accounts` (in the order given, which numbers their invoices): locks them, sets aside
 * those already invoiced for M-1 (a run before this one, or beside it), charges the others'
 * fees and invoices them. Answers the fees written and the invoices finalized.
 */
export async function closeBatch(
  tx: Tx,
  accounts: readonly Account[],
  month: Date,
  now: Date,
  seller: Seller,
  options: CloseOptions,
): Promise<{ recurringFees: number; invoices: number }> {
  await openAccounts(tx, accounts, now);
  const invoiced = new Set(
    (
      await tx.invoice.findMany({
        where: { runKey: { in: accounts.map((account) => runKeyOf(account, month)) } },
        select: { runKey: true },
      })
    ).map((invoice) => invoice.runKey),
  );
  const open = accounts.filter((account) => !invoiced.has(runKeyOf(account, month)));
  if (open.length === 0) return { recurringFees: 0, invoices: 0 };
  const recurringFees = await chargeRecurringFees(tx, open, month, now);
  const drafts = await draftInvoices(tx, open, month, now, seller);
  for (const draft of drafts) await options.beforeFinalize?.(draft.account);
  await finalizeInvoices(tx, drafts, now);
  return { recurringFees, invoices: drafts.length };
}

/**
 * (a): the accounts' recurring fees for `month` in one INSERT … SELECT, at the fee
 * billing_number_fees gives each number of the accounts' organizations (one index range per
 * organization); a number whose month is paid already (its prorated:/restore:<number>:<M> entry)
 * is found by its id and those two keys, an index probe, so the cost is per number, never per
 * entry of the organization (a LIKE on the keys read them all). Answers how many were new.
 */
async function chargeRecurringFees(
  tx: Tx,
  accounts: readonly Account[],
  month: Date,
  now: Date,
): Promise<number> {
  const key = monthKey(month);
  const end = monthStart(month, 1);
  const { organizations, currencies } = columns(accounts);
  return tx.$executeRaw`
    WITH accounts AS (SELECT * FROM unnest(${organizations}::text[], ${currencies}::text[]) AS a(organization_id, currency))
    INSERT INTO ledger_entry (id, organization_id, currency, kind, amount_minor, description, number_id,
                              number_e164, order_id, period_start, period_end, idempotency_key, created_at)
    SELECT 'le_' || replace(gen_random_uuid()::text, '-', ''), f.organization_id, a.currency,
           'recurring_fee', -f.monthly_minor, 'Monthly fee ' || f.number || ', ' || ${key},
           f.configuration_id, f.number, f.order_id, ${month}::date, ${end}::date,
           'recurring:' || f.configuration_id || ':' || ${key}, ${now}
      FROM (SELECT DISTINCT organization_id FROM accounts) o
     CROSS JOIN LATERAL billing_number_fees(o.organization_id) f
      JOIN accounts a ON a.organization_id = f.organization_id AND a.currency = f.currency
     WHERE f.status::text = ANY(${statesWhere("billable")}::text[]) AND f.monthly_minor > 0
       AND NOT EXISTS (
             SELECT 1 FROM ledger_entry p
              WHERE p.organization_id = f.organization_id
                AND p.idempotency_key IN ('prorated:' || f.configuration_id || ':' || ${key},
                                          'restore:' || f.configuration_id || ':' || ${key})
                AND p.number_id = f.configuration_id)
    ON CONFLICT (organization_id, idempotency_key) DO NOTHING`;
}

/** The accounts' entries an invoice for the month before `month` takes: before the 1st, or (a)'s fees for the month. */
function uninvoiced(month: Date): Prisma.Sql {
  return Prisma.sql`
    (e.created_at < ${month} AND (e.kind::text = ANY(${[...CHARGE_KINDS]}::text[])
                                  OR (e.kind = 'credit' AND e.idempotency_key LIKE ${`${CREDIT_BACK_PREFIX}%`}))
     OR e.kind = 'recurring_fee' AND e.period_start = ${month}::date)
    AND NOT EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id)`;
}

type Draft = { id: string; account: Account; subtotalMinor: bigint; taxMinor: bigint };

/**
 * (b): a draft for each account with entries on no invoice (none for an account without), its
 * lines those entries, oldest first, in one INSERT for the batch; the tax on each subtotal as a
 * `tax` entry and the last line. Answers the drafts in the accounts' order with their totals.
 */
async function draftInvoices(
  tx: Tx,
  accounts: readonly Account[],
  month: Date,
  now: Date,
  seller: Seller,
): Promise<Draft[]> {
  const { organizations, currencies } = columns(accounts);
  // Per account, the first such entry by the account's index: as a semi-join the planner
  // hashed the whole ledger for a batch (LIMIT keeps the lateral subquery per account).
  const owing = await tx.$queryRaw<{ position: bigint }[]>`
    SELECT a.position FROM unnest(${organizations}::text[], ${currencies}::text[]) WITH ORDINALITY AS a(organization_id, currency, position)
     CROSS JOIN LATERAL (SELECT 1 FROM ledger_entry e
                          WHERE e.organization_id = a.organization_id AND e.currency = a.currency AND ${uninvoiced(month)}
                          LIMIT 1) any_entry
     ORDER BY a.position`;
  if (owing.length === 0) return [];
  const profiles = new Map(
    (
      await tx.billingProfile.findMany({ where: { organizationId: { in: [...new Set(organizations)] } } })
    ).map((profile) => [profile.organizationId, profile]),
  );
  const drafts = owing.map((row) => {
    const account = accounts[Number(row.position) - 1];
    const profile = profiles.get(account.organizationId) ?? null;
    const tax = decideTax(seller, profile ? { country: profile.country, vatId: profile.vatId } : null);
    return { id: newId("invoice"), account, profile, tax };
  });
  await tx.invoice.createMany({
    data: drafts.map(({ id, account, profile, tax }) => ({
      id,
      organizationId: account.organizationId,
      currency: account.currency,
      kind: "invoice" as const,
      status: "draft" as const,
      periodStart: monthStart(month, -1),
      periodEnd: month,
      subtotalMinor: 0n,
      taxMinor: 0n,
      totalMinor: 0n,
      taxRateBp: tax.rateBp,
      taxTreatment: tax.treatment,
      taxNote: tax.note,
      ...invoiceParties(seller, profile),
      runKey: runKeyOf(account, month),
      createdAt: now,
    })),
  });
  // Every draft's lines in one statement, numbered within their invoice; their sums from the rows
  // written. Each account's entries are read by its index (OFFSET 0 keeps the lateral subquery
  // from being flattened into a join, which the planner made a scan of the whole ledger).
  // Whether an entry is on an invoice already is looked up in invoice_line's unique index, never
  // by a scan of the table: planned while invoice_line was empty (the first month-end, or the
  // first batches of one after a VACUUM), the check became a scan of invoice_line for every entry,
  // and the statement itself, and the batch beside it, fill that table as it runs: a month-end of
  // 100,000 numbers took 155 s instead of 11 (docs/PERFORMANCE.md, "Month-end: a check planned on
  // an empty table").
  await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
  const sums = await tx.$queryRaw<{ invoice_id: string; subtotal: bigint; lines: number }[]>`
    WITH drafts AS (
      SELECT * FROM unnest(${drafts.map((draft) => draft.id)}::text[],
                           ${drafts.map((draft) => draft.account.organizationId)}::text[],
                           ${drafts.map((draft) => draft.account.currency)}::text[]) AS d(invoice_id, organization_id, currency)
    ), lines AS (
      INSERT INTO invoice_line (invoice_id, position, ledger_entry_id, description, amount_minor)
      SELECT d.invoice_id, row_number() OVER (PARTITION BY d.invoice_id ORDER BY e.created_at, e.id), e.id,
             e.description, -e.amount_minor
        FROM drafts d
       CROSS JOIN LATERAL (SELECT e.* FROM ledger_entry e
                            WHERE e.organization_id = d.organization_id AND e.currency = d.currency AND ${uninvoiced(month)}
                           OFFSET 0) e
      RETURNING invoice_id, amount_minor
    )
    SELECT invoice_id, COALESCE(sum(amount_minor), 0)::bigint AS subtotal, count(*)::int AS lines
      FROM lines GROUP BY invoice_id`;
  await tx.$executeRaw`SET LOCAL enable_seqscan = on`;
  const sumOf = new Map(sums.map((sum) => [sum.invoice_id, sum]));
  const totals = drafts.map(({ id, account, tax }) => {
    const { subtotal, lines } = sumOf.get(id) ?? { subtotal: 0n, lines: 0 };
    return {
      id,
      account,
      tax,
      lines,
      subtotalMinor: subtotal,
      taxMinor: subtotal > 0n ? taxOn(subtotal, tax.rateBp) : 0n,
    };
  });
  const taxed = totals.filter((total) => total.taxMinor !== 0n);
  if (taxed.length > 0) {
    await appendEntries(
      tx,
      taxed.map(({ id, account, tax, taxMinor }) => ({
        ...account,
        kind: "tax" as const,
        amountMinor: -taxMinor,
        description: `VAT ${bpToPercent(tax.rateBp)}%`,
        idempotencyKey: `tax:${id}`,
        createdAt: now,
        periodStart: monthStart(month, -1),
        periodEnd: month,
      })),
      now,
    );
    await tx.$executeRaw`
      INSERT INTO invoice_line (invoice_id, position, ledger_entry_id, description, amount_minor)
      SELECT t.invoice_id, t.position, e.id, e.description, -e.amount_minor
        FROM unnest(${taxed.map((total) => total.id)}::text[], ${taxed.map((total) => total.account.organizationId)}::text[],
                    ${taxed.map((total) => total.lines + 1)}::int[]) AS t(invoice_id, organization_id, position)
        JOIN ledger_entry e ON e.organization_id = t.organization_id AND e.idempotency_key = 'tax:' || t.invoice_id`;
  }
  return totals.map(({ id, account, subtotalMinor, taxMinor }) => ({ id, account, subtotalMinor, taxMinor }));
}
