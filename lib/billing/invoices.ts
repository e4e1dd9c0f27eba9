import "server-only";
import type { Tx } from "@/lib/db/transaction";
import type { Invoice, InvoiceLine, LedgerEntry } from "@/lib/generated/prisma/client";
import { formatMinor } from "@/lib/billing/money";
import { bpToPercent } from "@/lib/billing/tax";
import { queueEmails, type QueuedEmail } from "@/lib/email/queue";
import { billingRecipientsOf } from "@/lib/billing/recipients";
import type { InvoiceLineView, InvoiceView, InvoiceWithLines } from "@/lib/schemas/invoices";

// An invoice as the API shows it (charges positive, amounts with two decimals), and who hears
// about one: the billing profile's emails, the organization's billing members and its owners.

const day = (moment: Date) => moment.toISOString().slice(0, 10);
const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

type SellerJson = { name: string; address: string; country: string; vat_id: string | null };
type BuyerJson = {
  legal_name: string | null;
  address: string | null;
  country: string | null;
  vat_id: string | null;
};

/** What has been paid or credited towards it (its payment allocations), in minor units. */
export type InvoiceRow = Invoice & { paidMinor: bigint };

export function invoiceView(row: InvoiceRow): InvoiceView {
  const owing = row.status === "open" || row.status === "uncollectible";
  const due = owing ? row.totalMinor - row.paidMinor : 0n;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    organization_id: row.organizationId,
    currency: row.currency,
    period_start: day(row.periodStart),
    period_end: day(row.periodEnd),
    issued_at: iso(row.issuedAt),
    due_at: iso(row.dueAt),
    subtotal: formatMinor(row.subtotalMinor),
    tax: formatMinor(row.taxMinor),
    total: formatMinor(row.totalMinor),
    amount_paid: formatMinor(row.paidMinor),
    amount_due: formatMinor(due > 0n ? due : 0n),
    tax_rate: bpToPercent(row.taxRateBp),
    tax_treatment: row.taxTreatment as InvoiceView["tax_treatment"],
    tax_note: row.taxNote,
    seller: row.seller as SellerJson,
    buyer: row.buyer as BuyerJson,
    credits_invoice_id: row.creditsInvoiceId,
    paid_at: iso(row.paidAt),
    voided_at: iso(row.voidedAt),
    created_at: row.createdAt.toISOString(),
  };
}

function lineView(line: InvoiceLine & { ledgerEntry: LedgerEntry }): InvoiceLineView {
  const entry = line.ledgerEntry;
  return {
    position: line.position,
    description: line.description,
    amount: formatMinor(line.amountMinor),
    kind: entry.kind,
    number_e164: entry.numberE164,
    period_start: entry.periodStart ? day(entry.periodStart) : null,
    period_end: entry.periodEnd ? day(entry.periodEnd) : null,
    ledger_entry_id: entry.id,
  };
}

/** Sums of the allocations to each of `ids`. */
export async function paidMinorOf(tx: Tx, ids: readonly string[]): Promise<Map<string, bigint>> {
  if (ids.length === 0) return new Map();
  const sums = await tx.paymentAllocation.groupBy({
    by: ["invoiceId"],
    where: { invoiceId: { in: [...ids] } },
    _sum: { amountMinor: true },
  });
  return new Map(sums.map((sum) => [sum.invoiceId, sum._sum.amountMinor ?? 0n]));
}

/** Invoices with what has been paid towards each. */
export async function withPaid(tx: Tx, rows: readonly Invoice[]): Promise<InvoiceRow[]> {
  const paid = await paidMinorOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, paidMinor: paid.get(row.id) ?? 0n }));
}

/** One invoice of `organizationId` (any organization's when null) with its lines, or null. */
export async function loadInvoice(
  tx: Tx,
  id: string,
  organizationId: string | null,
): Promise<InvoiceWithLines | null> {
  const row = await tx.invoice.findFirst({
    where: { id, ...(organizationId === null ? {} : { organizationId }) },
    include: { lines: { include: { ledgerEntry: true }, orderBy: { position: "asc" } } },
  });
  if (!row) return null;
  const { lines, ...invoice } = row;
  const [withSum] = await withPaid(tx, [invoice]);
  return { ...invoiceView(withSum), lines: lines.map(lineView) };
}

/** Queues the "invoice issued" email of each of `invoices` to its billing recipients, in one statement. */
export async function emailInvoicesFinalized(
  tx: Tx,
  invoices: readonly InvoiceView[],
  now: Date,
): Promise<void> {
  const recipients = await billingRecipientsOf(
    tx,
    invoices.map((invoice) => invoice.organization_id),
  );
  await queueEmails(
    tx,
    invoices.flatMap((invoice) =>
      (recipients.get(invoice.organization_id) ?? []).map((recipient) =>
        invoiceFinalizedEmail(invoice, recipient.email),
      ),
    ),
    now,
  );
}

function invoiceFinalizedEmail(invoice: InvoiceView, to: string): QueuedEmail {
  const what = invoice.kind === "credit_note" ? "Credit note" : "Invoice";
  const dueLine =
    invoice.status === "open" && invoice.due_at
      ? `Due: ${invoice.due_at.slice(0, 10)}`
      : `Status: ${invoice.status}`;
  return {
    to,
    kind: "invoice_finalized",
    subject: `${what} ${invoice.number}: ${invoice.total} ${invoice.currency}`,
    text: [
      `${what} ${invoice.number} for ${invoice.period_start} to ${invoice.period_end} (end exclusive).`,
      `Subtotal: ${invoice.subtotal} ${invoice.currency}`,
      `Tax (${invoice.tax_rate}%${invoice.tax_note ? `, ${invoice.tax_note}` : ""}): ${invoice.tax} ${invoice.currency}`,
      `Total: ${invoice.total} ${invoice.currency}`,
      dueLine,
    ].join("\n"),
  };
}
