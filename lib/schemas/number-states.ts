import { numberStatuses } from "@/lib/schemas/limits";

// A number's life (docs/CONTRACT.md §16–§17, §20), in one table. It spans two columns: a number
// for sale is an inventory_number row `available` with no configuration; once an organization
// holds it, the inventory row is `sold` and number_configuration.status says the rest. A number
// ported in from another carrier has no inventory row at all: before its port it is `elsewhere`
// (a pseudo state, like `available` no column holds it: the number is at another carrier), and
// when it leaves us it goes back there, not into our inventory.
//
//   available ──sale / back-order fill──▶ active | pending_documents
//   pending_documents ──activation (a covering bundle approved)──▶ active
//   active | pending_documents ──release──▶ aging;  pending_documents ──documents overdue──▶ aging
//   active | pending_documents ──non-payment (30 days after the billing account's suspension)──▶ aging
//   aging ──restore──▶ active | pending_documents;  aging ──return to inventory──▶ available
//   elsewhere ──port in (a port order submitted)──▶ porting
//   porting ──port activation (at FOC)──▶ active | pending_documents
//   porting ──port withdrawn (the number failed or its order was cancelled)──▶ elsewhere
//   aging ──return to carrier (a ported-in number's window ended)──▶ elsewhere
//
// Which way an aging number leaves is the writer's to read from the row: a configuration with
// an inventory number was bought here (return_to_inventory), one without was ported in
// (return_to_carrier).
//
// Every writer of a number's status asserts its move here and builds its conditional UPDATE's
// `status IN (…)` from statesLeavingBy; every reader of what a state means (does it route
// calls, is it billed, can it be released) asks numberStateFacts. Pure: the browser reads it too.

/**
 * Every state a number can be in: `available` (for sale), the statuses of a held number, and
 * `elsewhere` (at another carrier: before a port in, after a port withdrawn or a ported-in
 * number's release window).
 */
export const numberStates = ["available", ...numberStatuses, "elsewhere"] as const;
export type NumberState = (typeof numberStates)[number];
/** The states of a held number: number_configuration.status. */
export type HeldState = (typeof numberStatuses)[number];

/** Why a number moves. */
export const numberCauses = [
  "sale",
  "backorder_fill",
  "activation",
  "release",
  "documents_overdue",
  "non_payment",
  "restore",
  "return_to_inventory",
  "port_in",
  "port_activation",
  "port_withdrawn",
  "return_to_carrier",
] as const;
export type NumberCause = (typeof numberCauses)[number];

/**
 * Who makes a move: the organization (a member or token of it, or support acting for it; a
 * bulk job runs as the member who created it), support (reviewing bundles), or the system
 * (the worker's sweeps and fills, an inventory restock, the porting carrier driver; the port
 * desk's carrier actions run the driver's code, so their moves are the system's too).
 */
type NumberActor = "organization" | "support" | "system";

export type NumberTransition = {
  readonly from: NumberState;
  readonly to: NumberState;
  readonly cause: NumberCause;
  readonly actor: NumberActor;
};

/** Every allowed move; any other is a bug (assertNumberTransition throws). */
export const numberTransitions: readonly NumberTransition[] = [
  // An order takes it: active when it needs no documents or an approved bundle covers them.
  { from: "available", to: "active", cause: "sale", actor: "organization" },
  { from: "available", to: "pending_documents", cause: "sale", actor: "organization" },
  // A waiting back-order takes it (restock, or a released number back in inventory).
  { from: "available", to: "active", cause: "backorder_fill", actor: "system" },
  { from: "available", to: "pending_documents", cause: "backorder_fill", actor: "system" },
  // Support approves a bundle that covers its documents.
  { from: "pending_documents", to: "active", cause: "activation", actor: "support" },
  // DELETE /numbers/{number_id} or a release job.
  { from: "active", to: "aging", cause: "release", actor: "organization" },
  { from: "pending_documents", to: "aging", cause: "release", actor: "organization" },
  // documents_due passed with no covering bundle: released whatever its lock.
  { from: "pending_documents", to: "aging", cause: "documents_overdue", actor: "system" },
  // 30 days after a billing account of its organization was suspended (lib/dunning/dunning.ts):
  // released whatever its lock, restorable as any release once the account is paid.
  { from: "active", to: "aging", cause: "non_payment", actor: "system" },
  { from: "pending_documents", to: "aging", cause: "non_payment", actor: "system" },
  // POST /numbers/{number_id}/restore within the window: pending again if it was released
  // while pending and no bundle covers it yet.
  { from: "aging", to: "active", cause: "restore", actor: "organization" },
  { from: "aging", to: "pending_documents", cause: "restore", actor: "organization" },
  // The window ended: the configuration is deleted and the number is on sale again.
  { from: "aging", to: "available", cause: "return_to_inventory", actor: "system" },
  // A port order is submitted: each of its numbers gets a configuration, configurable and
  // previewable, that routes no call yet (docs/CONTRACT.md §20).
  { from: "elsewhere", to: "porting", cause: "port_in", actor: "organization" },
  // The FOC came and the carrier moved the number: active, or pending_documents when it needs
  // documents no approved bundle covers (§17). Billing starts here.
  { from: "porting", to: "active", cause: "port_activation", actor: "system" },
  { from: "porting", to: "pending_documents", cause: "port_activation", actor: "system" },
  // The carrier failed the number, or its order was cancelled: the configuration is deleted
  // (its history stays in the audit log) and the number stays where it was.
  { from: "porting", to: "elsewhere", cause: "port_withdrawn", actor: "system" },
  // A ported-in number's release window ended: it goes back to its carrier, not to our inventory.
  { from: "aging", to: "elsewhere", cause: "return_to_carrier", actor: "system" },
];

/** What a state means to the rest of the system. */
export type NumberStateFacts = {
  /** Calls to it reach its rules; otherwise active_rule answers null and says why. */
  readonly routesCalls: boolean;
  /** Charged its monthly fee: a number the organization holds and has not released. */
  readonly billable: boolean;
  /** A release (DELETE, a release job, the documents deadline) moves it; else it answers as it is. */
  readonly releasable: boolean;
  /** POST /numbers/{number_id}/restore moves it; else it answers as it is. */
  readonly restorable: boolean;
  /** Inventory search shows it and an order may take it. */
  readonly forSale: boolean;
  /** An organization holds it: it has a configuration, and no one else can buy it. */
  readonly owned: boolean;
  /** GET /numbers lists it when `status` is not given. */
  readonly listedByDefault: boolean;
  /**
   * A port order is bringing it here: a release or a restore is 409 port_in_progress rather
   * than an answer as it is (the number is not ours to give up until the port completes).
   */
  readonly portInProgress: boolean;
  /**
   * inventory_number.status while in this state, for a number bought here; null for the states
   * of a number that has no inventory row (porting, elsewhere). A ported-in number keeps having
   * none once active: it was never in our inventory.
   */
  readonly inventoryStatus: "available" | "sold" | null;
};

export const numberStateFacts: Readonly<Record<NumberState, NumberStateFacts>> = {
  available: {
    routesCalls: false,
    billable: false,
    releasable: false,
    restorable: false,
    forSale: true,
    owned: false,
    listedByDefault: false,
    portInProgress: false,
    inventoryStatus: "available",
  },
  active: {
    routesCalls: true,
    billable: true,
    releasable: true,
    restorable: false,
    forSale: false,
    owned: true,
    listedByDefault: true,
    portInProgress: false,
    inventoryStatus: "sold",
  },
  pending_documents: {
    routesCalls: false,
    billable: true,
    releasable: true,
    restorable: false,
    forSale: false,
    owned: true,
    listedByDefault: true,
    portInProgress: false,
    inventoryStatus: "sold",
  },
  aging: {
    routesCalls: false,
    billable: false,
    releasable: false,
    restorable: true,
    forSale: false,
    owned: true,
    listedByDefault: false,
    portInProgress: false,
    inventoryStatus: "sold",
  },
  // Being ported in: it has a configuration that can be edited and previewed, but no call is
  // routed (active_rule says why) and nothing is billed until the port completes.
  porting: {
    routesCalls: false,
    billable: false,
    releasable: false,
    restorable: false,
    forSale: false,
    owned: true,
    listedByDefault: true,
    portInProgress: true,
    inventoryStatus: null,
  },
  // At another carrier: nobody here holds it and nobody can buy it here.
  elsewhere: {
    routesCalls: false,
    billable: false,
    releasable: false,
    restorable: false,
    forSale: false,
    owned: false,
    listedByDefault: false,
    portInProgress: false,
    inventoryStatus: null,
  },
};

/** The states of which `fact` holds, in table order. */
export function statesWhere(fact: Exclude<keyof NumberStateFacts, "inventoryStatus">): NumberState[] {
  return numberStates.filter((state) => numberStateFacts[state][fact]);
}

/** Whether the table allows `from` → `to` by `cause`. */
export function isNumberTransition(from: NumberState, to: NumberState, cause: NumberCause): boolean {
  return numberTransitions.some((move) => move.from === from && move.to === to && move.cause === cause);
}

/**
 * Throws (an internal error, never a client's) unless the table allows `from` → `to` by
 * `cause`; answers `to`, so a writer can set what it asserted.
 */
export function assertNumberTransition<To extends NumberState>(
  from: NumberState,
  to: To,
  cause: NumberCause,
): To {
  if (!isNumberTransition(from, to, cause))
    throw new Error(
      `A number's state table has no move ${from} → ${to} by ${cause} (lib/schemas/number-states.ts).`,
    );
  return to;
}

/** The states `cause` moves a number from, for a conditional UPDATE's `status IN (…)`. */
export function statesLeavingBy(cause: NumberCause): NumberState[] {
  return numberStates.filter((state) =>
    numberTransitions.some((move) => move.cause === cause && move.from === state),
  );
}

/** Whether an organization holds a number in `state` (its configuration's status). */
export function isHeld(state: NumberState): state is HeldState {
  return numberStateFacts[state].owned;
}

/** statesLeavingBy for number_configuration, whose rows are held numbers only. */
export function heldStatesLeavingBy(cause: NumberCause): HeldState[] {
  return statesLeavingBy(cause).filter(isHeld);
}

/** The states `cause` may leave a number in. */
export function statesReachedBy(cause: NumberCause): NumberState[] {
  return numberStates.filter((state) =>
    numberTransitions.some((move) => move.cause === cause && move.to === state),
  );
}
