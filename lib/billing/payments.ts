import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { requireRole } from "@/lib/auth/roles";
import type { Principal } from "@/lib/auth/types";
import { claimKey, requestHash, storeAnswer, type Answer } from "@/lib/http/idempotency";
import { appendEntries } from "@/lib/billing/ledger";
import { formatMinor, toMinor } from "@/lib/billing/money";
import { readAccount } from "@/lib/billing/accounts";
import { moveStanding } from "@/lib/billing/move-standing";
import { loadInvoice } from "@/lib/billing/invoices";
import { statusesAllowing, transitionInvoice } from "@/lib/billing/invoice-states";
import type { CreditRequest, PaymentRecorded, PaymentRequest } from "@/lib/schemas/billing-payments";

// POST /billing/payments and POST /billing/credits (support only). The entry is appended to
// the ledger (which locks the account's row until the transaction ends, so payments to one
// account are recorded one at a time) and allocated to the account's oldest unpaid invoices
// (open or uncollectible, earliest due first); an invoice paid in full becomes paid. When no
// open invoice is left past its due date, a past_due or suspended account is in good standing
// again in the same transaction: its numbers route calls at once (lib/numbers/configurations.ts).

type Recorded = {
  kind: "payment" | "credit";
  organizationId: string;
  currency: string;
  amountMinor: bigint;
  /** A payment's reference, a credit's reason. */
  reference: string;
  description: string;
  /** The entry's time: a payment's received_at, a credit's now. */
  at: Date;
};

/** POST /billing/payments. */
export async function recordPayment(
  principal: Principal,
  request: PaymentRequest,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<Answer<PaymentRecorded>> {
  requireRole(principal.role, "organizations:all");
  const receivedAt = new Date(request.received_at);
  if (receivedAt.getTime() > now.getTime())
    throw new ApiError(
      "invalid_parameter",
      "received_at must not be in the future",
      `body.received_at=${request.received_at}`,
    );
  return record(
    principal,
    {
      kind: "payment",
      organizationId: request.organization_id,
      currency: request.currency,
      amountMinor: toMinor(request.amount),
      reference: request.reference,
      description: `Payment ${request.reference}`,
      at: receivedAt,
    },
    request,
    idempotencyKey,
    now,
  );
}

/** POST /billing/credits. */
export async function recordCredit(
  principal: Principal,
  request: CreditRequest,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<Answer<PaymentRecorded>> {
  requireRole(principal.role, "organizations:all");
  return record(
    principal,
    {
      kind: "credit",
      organizationId: request.organization_id,
      currency: request.currency,
      amountMinor: toMinor(request.amount),
      reference: request.reason,
      description: `Credit: ${request.reason}`,
      at: now,
    },
    request,
    idempotencyKey,
    now,
  );
}

async function record(
  principal: Principal,
  recorded: Recorded,
  request: PaymentRequest | CreditRequest,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<Answer<PaymentRecorded>> {
  const { organizationId, currency, kind } = recorded;
  // The key is the organization's whose account it is: support's retry replays it there.
  const key = idempotencyKey === undefined ? undefined : `${kind}:${idempotencyKey}`;
  return inRetryingTransaction(async (tx) => {
    await assertAccount(tx, organizationId, currency);
    if (key !== undefined) {
      const earlier = await claimKey<PaymentRecorded>(tx, organizationId, key, requestHash(request));
      if (earlier) return earlier;
    }
    const ledgerKey = key ?? `${kind}:${randomUUID()}`;
    const written = await appendEntries(
      tx,
      [
        {
          organizationId,
          currency,
          kind,
          amountMinor: recorded.amountMinor,
          description: recorded.description,
          idempotencyKey: ledgerKey,
          createdAt: recorded.at,
          reference: recorded.reference,
        },
      ],
      now,
    );
    // The ledger keeps its keys for ever, the answers for 24 hours: an old key is not reused.
    if (written === 0)
      throw new ApiError(
        "idempotency_conflict",
        `A ${kind} was recorded with this Idempotency-Key more than 24 hours ago; use a new key.`,
        `header.idempotency-key=${idempotencyKey ?? ""}`,
      );
    const entry = await tx.ledgerEntry.findUniqueOrThrow({
      where: { organizationId_idempotencyKey: { organizationId, idempotencyKey: ledgerKey } },
    });
    const source = await auditSource(tx, principal);
    const allocations = await allocate(tx, entry.id, recorded, now, source);
    // Nothing left past due: good standing again, in this transaction.
    const overdue = await tx.invoice.count({
      where: { organizationId, currency, kind: "invoice", status: "open", dueAt: { lte: now } },
    });
    if (overdue === 0)
      await moveStanding(tx, { organizationId, currency, cause: "payment", since: now, now, ...source });
    const body: PaymentRecorded = {
      entry: {
        id: entry.id,
        currency,
        kind,
        amount: formatMinor(entry.amountMinor),
        description: entry.description,
        number_id: null,
        number_e164: null,
        order_reference_id: null,
        period_start: null,
        period_end: null,
        invoice_id: null,
        reference: entry.reference,
        created_at: entry.createdAt.toISOString(),
      },
      allocations,
      account: await readAccount(tx, organizationId, currency),
    };
    await recordEvents(tx, [event(organizationId, "billing.payment_recorded", body)], now);
    await recordAudit(tx, {
      ...source,
      action: `billing.${kind}_recorded`,
      organizationId,
      resource: { type: "ledger_entry", id: entry.id },
      changes: [
        { field: "amount", from: null, to: body.entry.amount },
        { field: "currency", from: null, to: currency },
        { field: kind === "payment" ? "reference" : "reason", from: null, to: recorded.reference },
        { field: "allocations", from: null, to: allocations },
      ],
      at: now,
    });
    if (key !== undefined) await storeAnswer(tx, organizationId, key, { body, replayed: false });
    return { body, replayed: false };
  });
}

/** 404 for an organization that does not exist; 400 naming currency when it has no account in it. */
async function assertAccount(tx: Tx, organizationId: string, currency: string): Promise<void> {
  const organization = await tx.organization.findUnique({
    where: { id: organizationId },
    select: { id: true },
  });
  if (!organization)
    throw new ApiError(
      "not_found",
      `There is no organization ${organizationId}.`,
      `body.organization_id=${organizationId}`,
    );
  const account = await tx.billingAccount.findUnique({
    where: { organizationId_currency: { organizationId, currency } },
    select: { currency: true },
  });
  if (!account)
    throw new ApiError(
      "invalid_parameter",
      `currency: organization ${organizationId} has no billing account in ${currency}`,
      `body.currency=${currency}`,
    );
}

type Unpaid = {
  id: string;
  number: string | null;
  status: "open" | "uncollectible";
  total_minor: bigint;
  paid_minor: bigint;
  due_at: Date | null;
};

/**
 * Allocates the entry to the account's unpaid invoices, earliest due first; an invoice paid in
 * full becomes paid (invoice.paid, audit). What is left over stays on the balance.
 */
async function allocate(
  tx: Tx,
  entryId: string,
  recorded: Recorded,
  now: Date,
  source: Awaited<ReturnType<typeof auditSource>>,
): Promise<PaymentRecorded["allocations"]> {
  const unpaid = await tx.$queryRaw<Unpaid[]>`
    SELECT i.id, i.number, i.status::text AS status, i.total_minor, i.due_at,
           COALESCE((SELECT sum(p.amount_minor) FROM payment_allocation p WHERE p.invoice_id = i.id), 0)::bigint
             AS paid_minor
      FROM invoice i
     WHERE i.organization_id = ${recorded.organizationId} AND i.currency = ${recorded.currency}
       AND i.kind = 'invoice' AND i.status IN ('open', 'uncollectible')
     ORDER BY i.due_at ASC NULLS LAST, i.issued_at ASC NULLS LAST, i.number ASC NULLS LAST, i.id ASC
     FOR UPDATE OF i`;
  let left = recorded.amountMinor;
  const allocations: PaymentRecorded["allocations"] = [];
  for (const invoice of unpaid) {
    if (left <= 0n) break;
    const due = invoice.total_minor - invoice.paid_minor;
    if (due <= 0n) continue;
    const amount = left < due ? left : due;
    left -= amount;
    await tx.paymentAllocation.create({
      data: { ledgerEntryId: entryId, invoiceId: invoice.id, amountMinor: amount },
    });
    allocations.push({ invoice_id: invoice.id, number: invoice.number, amount: formatMinor(amount) });
    if (amount === due) await markPaid(tx, invoice, recorded, now, source);
  }
  return allocations;
}

/** open | uncollectible → paid (the invoice table's `pay`), with invoice.paid and its audit entry. */
async function markPaid(
  tx: Tx,
  invoice: Unpaid,
  recorded: Recorded,
  now: Date,
  source: Awaited<ReturnType<typeof auditSource>>,
): Promise<void> {
  const updated = await tx.invoice.updateMany({
    where: { id: invoice.id, status: { in: statusesAllowing("pay") } },
    data: { status: transitionInvoice(invoice.status, "pay"), paidAt: now },
  });
  if (updated.count === 0) return;
  const { lines: _lines, ...view } = (await loadInvoice(tx, invoice.id, null))!;
  await recordEvents(tx, [event(recorded.organizationId, "invoice.paid", view)], now);
  await recordAudit(tx, {
    ...source,
    action: "invoice.paid",
    organizationId: recorded.organizationId,
    resource: { type: "invoice", id: invoice.id },
    changes: [
      { field: "status", from: invoice.status, to: "paid" },
      { field: "paid_at", from: null, to: now.toISOString() },
    ],
    at: now,
  });
}
