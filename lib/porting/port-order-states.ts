import { ApiError } from "@/lib/errors";
import { portOrderStatuses, type PortOrderStatus } from "@/lib/schemas/porting";

// A port order's life (docs/CONTRACT.md §20), in one table:
//
//   draft ──submit──▶ submitted ──confirm_foc──▶ foc_confirmed ──start_activation──▶ activating
//   activating ──complete──▶ ported;  activating ──complete_partially──▶ partially_ported
//   submitted ──raise_exception──▶ exception ──resubmit──▶ submitted
//   submitted | exception | foc_confirmed ──request_cancel──▶ cancel_pending ──confirm_cancel──▶ cancelled
//   self-moves: edit (draft, exception), request_foc_change (submitted, foc_confirmed),
//               change_foc (foc_confirmed: the carrier moves the confirmed time)
//
// A draft has not reached the carrier, so there is nothing for it to confirm: a draft is
// deleted (DELETE /port_orders/{id}), never cancelled, and draft → cancel_pending is not in the
// table (request_cancel on a draft is 400 invalid_transition saying to delete it). ported,
// partially_ported and cancelled are final.
//
// Every status change goes through transitionPortOrder (or assertPortOrderTransition); a writer
// builds its conditional UPDATE's `status IN (…)` from statesLeavingBy. Pure: the portal reads
// allowedActions to offer only the buttons that work.

export const portOrderActions = [
  "edit",
  "submit",
  "confirm_foc",
  "raise_exception",
  "resubmit",
  "request_foc_change",
  "change_foc",
  "start_activation",
  "complete",
  "complete_partially",
  "request_cancel",
  "confirm_cancel",
] as const;
export type PortOrderAction = (typeof portOrderActions)[number];

/**
 * Who may take an action: `customer` (a member or token of the organization with porting:write,
 * or support acting for it), `desk` (support's port desk, POST /port_orders/{id}/carrier_actions,
 * doing by hand what a carrier answers), `carrier` (the carrier driver in the worker, reading
 * the losing carrier's answers; on the injected clock, so it also starts activation at FOC).
 */
export type PortOrderActor = "customer" | "desk" | "carrier";

const CARRIER_SIDE: readonly PortOrderActor[] = ["carrier", "desk"];
const CUSTOMER: readonly PortOrderActor[] = ["customer"];

/** Per action: who may take it, and where it leads from each state it leaves. */
const table: Record<
  PortOrderAction,
  { by: readonly PortOrderActor[]; moves: Partial<Record<PortOrderStatus, PortOrderStatus>> }
> = {
  // PATCH: a draft's fields, or the fields an exception names before resubmitting.
  edit: { by: CUSTOMER, moves: { draft: "draft", exception: "exception" } },
  // Needs a signed LOA and a requested FOC date still allowed (checked by the caller).
  submit: { by: CUSTOMER, moves: { draft: "submitted" } },
  confirm_foc: { by: CARRIER_SIDE, moves: { submitted: "foc_confirmed" } },
  raise_exception: { by: CARRIER_SIDE, moves: { submitted: "exception" } },
  resubmit: { by: CUSTOMER, moves: { exception: "submitted" } },
  // POST /port_orders/{id}/foc_change_requests: a new requested date; once confirmed, the
  // carrier answers with change_foc (not within 24 h of the FOC, checked by the caller).
  request_foc_change: { by: CUSTOMER, moves: { submitted: "submitted", foc_confirmed: "foc_confirmed" } },
  change_foc: { by: CARRIER_SIDE, moves: { foc_confirmed: "foc_confirmed" } },
  // The FOC time came: the numbers are being moved.
  start_activation: { by: CARRIER_SIDE, moves: { foc_confirmed: "activating" } },
  complete: { by: CARRIER_SIDE, moves: { activating: "ported" } },
  complete_partially: { by: CARRIER_SIDE, moves: { activating: "partially_ported" } },
  // Not within 48 h of the FOC (checked by the caller).
  request_cancel: {
    by: CUSTOMER,
    moves: { submitted: "cancel_pending", exception: "cancel_pending", foc_confirmed: "cancel_pending" },
  },
  confirm_cancel: { by: CARRIER_SIDE, moves: { cancel_pending: "cancelled" } },
};

const actionWords: Record<PortOrderAction, string> = {
  edit: "edited",
  submit: "submitted",
  confirm_foc: "given an FOC date",
  raise_exception: "put in exception",
  resubmit: "resubmitted",
  request_foc_change: "given a new requested FOC date",
  change_foc: "given a new FOC date",
  start_activation: "activated",
  complete: "completed",
  complete_partially: "completed in part",
  request_cancel: "cancelled",
  confirm_cancel: "confirmed as cancelled",
};

/** The state after `action` from `status`, or undefined when the table has no such move. */
export function nextPortOrderStatus(
  status: PortOrderStatus,
  action: PortOrderAction,
): PortOrderStatus | undefined {
  return table[action].moves[status];
}

/** Who may take `action`. */
export function actorsOf(action: PortOrderAction): readonly PortOrderActor[] {
  return table[action].by;
}

/** The states `action` is allowed from, in table order, for a conditional UPDATE's `status IN (…)`. */
export function statesLeavingBy(action: PortOrderAction): PortOrderStatus[] {
  return portOrderStatuses.filter((status) => table[action].moves[status] !== undefined);
}

/** The actions allowed from `status` (for `actor`, when given), in table order. */
export function allowedActions(status: PortOrderStatus, actor?: PortOrderActor): PortOrderAction[] {
  return portOrderActions.filter(
    (action) =>
      table[action].moves[status] !== undefined && (actor === undefined || table[action].by.includes(actor)),
  );
}

/** Whether no action leaves `status`. */
export function isFinal(status: PortOrderStatus): boolean {
  return allowedActions(status).length === 0;
}

/**
 * The state after `action`, or 400 invalid_transition naming the states the action is allowed
 * from (details: `status=…, action=…, allowed=a|b`).
 */
export function transitionPortOrder(status: PortOrderStatus, action: PortOrderAction): PortOrderStatus {
  const next = nextPortOrderStatus(status, action);
  if (next !== undefined) return next;
  const from = statesLeavingBy(action);
  const hint = status === "draft" && action === "request_cancel" ? " A draft is deleted instead." : "";
  throw new ApiError(
    "invalid_transition",
    `A port order that is ${status} cannot be ${actionWords[action]}; only one that is ${from.join(" or ")} can.${hint}`,
    `status=${status}, action=${action}, allowed=${from.join("|")}`,
  );
}

/**
 * transitionPortOrder, also refusing an actor the action is not for. A refused actor is a bug
 * of the caller (the wrapper's scopes decide who reaches which route), so it throws a plain Error.
 */
export function assertPortOrderTransition(
  status: PortOrderStatus,
  action: PortOrderAction,
  actor: PortOrderActor,
): PortOrderStatus {
  if (!table[action].by.includes(actor))
    throw new Error(`A port order's ${action} is not taken by ${actor} (lib/porting/port-order-states.ts).`);
  return transitionPortOrder(status, action);
}
