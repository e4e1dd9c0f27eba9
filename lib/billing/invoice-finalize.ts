import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import { transitionInvoice } from "@/lib/billing/invoice-states";
import { emailInvoicesFinalized, invoiceView } from "@/lib/billing/invoices";
import { recordAudits, systemActor, type AuditActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import type { InvoiceView } from "@/lib/schemas/invoices";

// Finalizing drafts: each numbered from its year's series (a row lock held to the end of the
// transaction: gapless), open and due after the payment terms, or paid at once when it asks for
// nothing (a credit note, or an invoice whose total is zero or less); with invoice.finalized,
// its audit entry and the email to the billing recipients. The month-end run finalizes a batch
// of accounts' invoices together, so this is written for many drafts: a few statements however
// many there are, not a dozen each.

const DAY_MS = 24 * 60 * 60 * 1000;

export type DraftTotals = { id: string; subtotalMinor: bigint; taxMinor: bigint };

/** Finalizes one draft (a credit note, or one invoice): finalizeInvoices of one. */
export async function finalizeInvoice(
  tx: Tx,
  id: string,
  subtotalMinor: bigint,
  taxMinor: bigint,
  now: Date,
  actor: AuditActor = systemActor,
): Promise<InvoiceView> {
  const [view] = await finalizeInvoices(tx, [{ id, subtotalMinor, taxMinor }], now, actor);
  return view;
}

/** Finalizes `drafts`, numbered in the order given; answers their views in that order. */
export async function finalizeInvoices(
  tx: Tx,
  drafts: readonly DraftTotals[],
  now: Date,
  actor: AuditActor = systemActor,
): Promise<InvoiceView[]> {
  if (drafts.length === 0) return [];
  const ids = drafts.map((draft) => draft.id);
  const rows = await tx.invoice.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const finals = drafts.map((draft) => {
    const row = byId.get(draft.id);
    if (!row) throw new Error(`No draft invoice ${draft.id}`);
    const totalMinor = draft.subtotalMinor + draft.taxMinor;
    // A credit note, or an invoice that asks for nothing, is settled when it is issued.
    const settled = row.kind === "credit_note" || totalMinor <= 0n;
    const status = transitionInvoice(row.status, settled ? "finalize_settled" : "finalize");
    return { ...draft, totalMinor, status, series: seriesOf(row.kind === "credit_note" ? "CN" : "INV", now) };
  });
  const numbers = await takeNumbers(
    tx,
    finals.map((final) => final.series),
  );
  const dueAt = new Date(now.getTime() + getEnv().BILLING_PAYMENT_TERMS_DAYS * DAY_MS);
  const column = <T>(pick: (final: (typeof finals)[number]) => T) => finals.map(pick);
  await tx.$executeRaw`
    UPDATE invoice i
       SET number = f.number, status = f.status::invoice_status, subtotal_minor = f.subtotal_minor::bigint,
           tax_minor = f.tax_minor::bigint, total_minor = f.total_minor::bigint, issued_at = ${now}, due_at = ${dueAt},
           paid_at = CASE WHEN f.status = 'paid' THEN ${now}::timestamptz END
      FROM unnest(${ids}::text[], ${numbers}::text[], ${column((final) => final.status)}::text[],
                  ${column((final) => String(final.subtotalMinor))}::text[], ${column((final) => String(final.taxMinor))}::text[],
                  ${column((final) => String(final.totalMinor))}::text[])
           AS f(id, number, status, subtotal_minor, tax_minor, total_minor)
     WHERE i.id = f.id`;
  const updated = new Map(
    (await tx.invoice.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]),
  );
  const views = ids.map((id) => invoiceView({ ...updated.get(id)!, paidMinor: 0n }));
  await recordEvents(
    tx,
    views.map((view) => event(view.organization_id, "invoice.finalized", view)),
    now,
  );
  await recordAudits(
    tx,
    views.map((view) => ({
      actor,
      ip: null,
      action: "invoice.finalized",
      organizationId: view.organization_id,
      resource: { type: "invoice", id: view.id },
      changes: [
        { field: "status", from: "draft", to: view.status },
        { field: "number", from: null, to: view.number },
        { field: "total", from: null, to: view.total },
      ],
      at: now,
    })),
  );
  await emailInvoicesFinalized(tx, views, now);
  return views;
}

/** "<prefix>-<year of now>": the series INV-2026 numbers INV-2026-000001 on. */
const seriesOf = (prefix: "INV" | "CN", now: Date) => `${prefix}-${now.getUTCFullYear()}`;

/** The next number of each series named, one each, in the order named: INV-2026-000001. */
async function takeNumbers(tx: Tx, seriesNamed: readonly string[]): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const series of seriesNamed) counts.set(series, (counts.get(series) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [series, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx.$executeRaw`INSERT INTO invoice_number_series (series, last) VALUES (${series}, 0) ON CONFLICT DO NOTHING`;
    const [row] = await tx.$queryRaw<{ last: number }[]>`
      UPDATE invoice_number_series SET last = last + ${count} WHERE series = ${series} RETURNING last`;
    next.set(series, row.last - count + 1);
  }
  return seriesNamed.map((series) => {
    const number = next.get(series)!;
    next.set(series, number + 1);
    return `${series}-${String(number).padStart(6, "0")}`;
  });
}
