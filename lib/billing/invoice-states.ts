import { ApiError } from "@/lib/errors";
import { invoiceStatuses } from "@/lib/schemas/invoices";

// An invoice's life, in one table: draft → open (finalized, numbered) → paid | void |
// uncollectible; uncollectible → paid | void. paid and void are final. A month-end invoice whose
// total is zero or less is finalized straight to paid. Every status change goes through
// transitionInvoice, so a state cannot be reached any other way.

export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceActions = ["finalize", "finalize_settled", "pay", "void", "mark_uncollectible"] as const;
export type InvoiceAction = (typeof invoiceActions)[number];

const transitions: Record<InvoiceStatus, Partial<Record<InvoiceAction, InvoiceStatus>>> = {
  draft: { finalize: "open", finalize_settled: "paid" },
  open: { pay: "paid", void: "void", mark_uncollectible: "uncollectible" },
  uncollectible: { pay: "paid", void: "void" },
  paid: {},
  void: {},
};

const actionWords: Record<InvoiceAction, string> = {
  finalize: "finalized",
  finalize_settled: "finalized",
  pay: "paid",
  void: "voided",
  mark_uncollectible: "marked uncollectible",
};

/** The states `status` may move to, in the table's order. */
export function statesReachableFrom(status: InvoiceStatus): InvoiceStatus[] {
  return [...new Set(Object.values(transitions[status]))];
}

/** The state after `action`, or 400 invalid_transition naming the states it may move to. */
export function transitionInvoice(status: InvoiceStatus, action: InvoiceAction): InvoiceStatus {
  const next = transitions[status][action];
  if (next === undefined) {
    const allowed = statesReachableFrom(status);
    throw new ApiError(
      "invalid_transition",
      `An invoice that is ${status} cannot be ${actionWords[action]}; ${
        allowed.length === 0 ? "it is final" : `it may become ${allowed.join(" or ")}`
      }.`,
      `status=${status}, action=${action}, allowed=${allowed.join("|")}`,
    );
  }
  return next;
}

/** The statuses from which `action` is allowed, for a conditional UPDATE's WHERE. */
export function statusesAllowing(action: InvoiceAction): InvoiceStatus[] {
  return invoiceStatuses.filter((status) => transitions[status][action] !== undefined);
}
