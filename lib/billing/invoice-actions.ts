import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import type { InvoiceStatus, Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/types";
import { auditActor, recordAudit } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { appendEntries, openAccount } from "@/lib/billing/ledger";
import { formatMinor, toMinor } from "@/lib/billing/money";
import { statusesAllowing, transitionInvoice } from "@/lib/billing/invoice-states";
import { loadInvoice, paidMinorOf } from "@/lib/billing/invoices";
import { finalizeInvoice } from "@/lib/billing/invoice-finalize";
import type { InvoiceWithLines } from "@/lib/schemas/invoices";

// What support does to a finalized invoice (customers are refused by the endpoint: these need
// the power to act on every organization). Each locks the invoice's account first, then the
// invoice, in the order every other writer of the account uses, and moves the status only
// through the state table.

function notFound(id: string): ApiError {
  return new ApiError("not_found", "No such invoice.", `invoice_id=${id}`);
}

/** Locks the invoice's account, then the invoice; 404 when there is none. */
async function lockInvoice(tx: Tx, id: string, now: Date) {
  const found = await tx.invoice.findUnique({
    where: { id },
    select: { organizationId: true, currency: true },
  });
  if (!found) throw notFound(id);
  await openAccount(tx, found.organizationId, found.currency, now);
  await tx.$executeRaw`SELECT 1 FROM invoice WHERE id = ${id} FOR UPDATE`;
  return tx.invoice.findUniqueOrThrow({ where: { id } });
}

/**
 * POST /invoices/{id}/void: open or uncollectible → void. One `reversal` entry of +total (key
 * void:<id>) takes the invoice's charges off the balance (what was paid towards it stays paid,
 * so it becomes credit); invoice.voided and the audit entry.
 */
export async function voidInvoice(principal: Principal, id: string, now: Date): Promise<InvoiceWithLines> {
  return inRetryingTransaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, now);
    const status = transitionInvoice(invoice.status, "void");
    await tx.invoice.update({
      where: { id, status: { in: statusesAllowing("void") } },
      data: { status, voidedAt: now },
    });
    await appendEntries(
      tx,
      [
        {
          organizationId: invoice.organizationId,
          currency: invoice.currency,
          kind: "reversal",
          amountMinor: invoice.totalMinor,
          description: `Invoice ${invoice.number} voided`,
          idempotencyKey: `void:${id}`,
          createdAt: now,
          reference: id,
        },
      ],
      now,
    );
    const view = (await loadInvoice(tx, id, null))!;
    const { lines: _lines, ...withoutLines } = view;
    await recordEvents(tx, [event(invoice.organizationId, "invoice.voided", withoutLines)], now);
    await auditStatusMove(tx, principal, "invoice.voided", invoice, status, now);
    return view;
  });
}

/** The audit entry of an invoice's move from its status to `status`. */
async function auditStatusMove(
  tx: Tx,
  principal: Principal,
  action: "invoice.voided" | "invoice.marked_uncollectible",
  invoice: { id: string; organizationId: string; status: InvoiceStatus },
  status: InvoiceStatus,
  now: Date,
): Promise<void> {
  await recordAudit(tx, {
    actor: await auditActor(tx, principal),
    ip: null,
    action,
    organizationId: invoice.organizationId,
    resource: { type: "invoice", id: invoice.id },
    changes: [{ field: "status", from: invoice.status, to: status }],
    at: now,
  });
}

/** POST /invoices/{id}/mark_uncollectible: open → uncollectible (still owed; a payment can pay it). */
export async function markUncollectible(
  principal: Principal,
  id: string,
  now: Date,
): Promise<InvoiceWithLines> {
  return inRetryingTransaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, now);
    const status = transitionInvoice(invoice.status, "mark_uncollectible");
    await tx.invoice.update({
      where: { id, status: { in: statusesAllowing("mark_uncollectible") } },
      data: { status, uncollectibleAt: now },
    });
    await auditStatusMove(tx, principal, "invoice.marked_uncollectible", invoice, status, now);
    return (await loadInvoice(tx, id, null))!;
  });
}

/**
 * POST /invoices/{id}/credit_notes: a `credit` entry of `amount` and a credit note CN-YYYY-NNNNNN
 * for it, finalized at once (settled: it asks for nothing), its one line that entry. The amount
 * is taken off the invoice as it is (tax included) and goes towards what the invoice still owes
 * (an allocation), which pays it when nothing is left. At most what is not credited yet.
 */
export async function creditInvoice(
  principal: Principal,
  id: string,
  body: { amount: string; reason: string },
  now: Date,
): Promise<InvoiceWithLines> {
  const amountMinor = toMinor(body.amount);
  if (amountMinor <= 0n) {
    throw new ApiError("invalid_parameter", "amount must be more than 0.00", `body.amount=${body.amount}`);
  }
  return inRetryingTransaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, now);
    if (invoice.kind !== "invoice" || !["open", "paid", "uncollectible"].includes(invoice.status)) {
      throw new ApiError(
        "invalid_transition",
        `Only a finalized invoice that is open, paid or uncollectible can be credited; this ${invoice.kind.replace("_", " ")} is ${invoice.status}.`,
        `status=${invoice.status}, kind=${invoice.kind}, allowed=open|paid|uncollectible`,
      );
    }
    const credited = await tx.invoice.aggregate({
      where: { creditsInvoiceId: id, kind: "credit_note" },
      _sum: { totalMinor: true },
    });
    const left = invoice.totalMinor - (credited._sum.totalMinor ?? 0n);
    if (amountMinor > left) {
      throw new ApiError(
        "invalid_parameter",
        `amount must be at most ${formatMinor(left > 0n ? left : 0n)}, what of the invoice's total is not credited yet`,
        `body.amount=${body.amount}`,
      );
    }
    const creditNoteId = newId("invoice");
    const key = `credit:${randomUUID()}`;
    await appendEntries(
      tx,
      [
        {
          organizationId: invoice.organizationId,
          currency: invoice.currency,
          kind: "credit",
          amountMinor,
          description: `Credit note for ${invoice.number}: ${body.reason}`,
          idempotencyKey: key,
          createdAt: now,
          reference: body.reason,
        },
      ],
      now,
    );
    const entry = await tx.ledgerEntry.findUniqueOrThrow({
      where: {
        organizationId_idempotencyKey: { organizationId: invoice.organizationId, idempotencyKey: key },
      },
    });
    await tx.invoice.create({
      data: {
        id: creditNoteId,
        organizationId: invoice.organizationId,
        currency: invoice.currency,
        kind: "credit_note",
        status: "draft",
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        subtotalMinor: 0n,
        taxMinor: 0n,
        totalMinor: 0n,
        taxRateBp: 0,
        taxTreatment: invoice.taxTreatment,
        taxNote: invoice.taxNote,
        seller: invoice.seller as Prisma.InputJsonValue,
        buyer: invoice.buyer as Prisma.InputJsonValue,
        creditsInvoiceId: id,
        createdAt: now,
      },
    });
    await tx.invoiceLine.create({
      data: {
        invoiceId: creditNoteId,
        position: 1,
        ledgerEntryId: entry.id,
        description: entry.description,
        amountMinor,
      },
    });
    const actor = await auditActor(tx, principal);
    await finalizeInvoice(tx, creditNoteId, amountMinor, 0n, now, actor);

    // Towards what the invoice still owes; paid when nothing is left.
    if (invoice.status === "open" || invoice.status === "uncollectible") {
      const paid = (await paidMinorOf(tx, [id])).get(id) ?? 0n;
      const due = invoice.totalMinor - paid;
      const towards = amountMinor < due ? amountMinor : due;
      if (towards > 0n) {
        await tx.paymentAllocation.create({
          data: { ledgerEntryId: entry.id, invoiceId: id, amountMinor: towards },
        });
      }
      if (towards === due) {
        const status = transitionInvoice(invoice.status, "pay");
        await tx.invoice.update({ where: { id }, data: { status, paidAt: now } });
        await recordAudit(tx, {
          actor,
          ip: null,
          action: "invoice.paid",
          organizationId: invoice.organizationId,
          resource: { type: "invoice", id },
          changes: [{ field: "status", from: invoice.status, to: status }],
          at: now,
        });
      }
    }
    return (await loadInvoice(tx, creditNoteId, null))!;
  });
}
