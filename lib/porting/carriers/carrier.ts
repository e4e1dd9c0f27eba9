import type { PortExceptionDetail } from "@/lib/schemas/porting";

// What a losing carrier adapter implements (docs/CONTRACT.md §20). The porting domain and the
// carrier driver in the worker speak only this interface; PORTING_CARRIER picks the adapter
// (./index.ts). An adapter is asked, never trusted with our state: it answers, and the driver
// moves the order through lib/porting/port-order-states.ts.
//
// Time: a real carrier answers later (a day to confirm an FOC, minutes to cut over). An answer
// says when it takes effect as `after`, a number of business days from the moment it was asked
// (the driver resolves it with lib/porting/business-days.ts on its injected clock); 0 means at
// once. A confirmed FOC names a date (YYYY-MM-DD, the country's calendar); the driver turns it
// into the cut-over instant (foc_at).

/** Why a carrier will not port a number. */
export type NotPortableReason =
  /** The carrier cannot or will not release the number (a reserved or special range). */
  | "carrier_refused"
  /** The number is not in service at the carrier. */
  | "not_in_service";

/** One number's answer to a portability check. */
export type PortabilityAnswer =
  | { numberE164: string; portable: true; losingCarrier: string }
  | { numberE164: string; portable: false; reason: NotPortableReason; losingCarrier: string | null };

/** What the adapter is told of an order: its fields as the customer gave them, the PIN decrypted. */
export type CarrierOrder = {
  portOrderId: string;
  country: string;
  losingCarrier: string;
  numberType: string;
  accountNumber: string;
  pin: string | null;
  authorizedPerson: string;
  /** YYYY-MM-DD, a business day (checked before the order reaches the carrier). */
  requestedFocDate: string;
  /** The numbers still pending in the order, E.164. */
  numbers: readonly string[];
  /** 1 for the first submission, 2 for the first resubmission after an exception, … */
  attempt: number;
};

/** The answer to a submission or resubmission. */
export type SubmitAnswer = { after: number } & (
  | { kind: "foc_confirmed"; focDate: string }
  | { kind: "exception"; details: PortExceptionDetail[] }
  /** Some numbers cannot be ported at all: the order goes to exception naming them. */
  | { kind: "not_portable"; numbers: { numberE164: string; reason: NotPortableReason }[] }
  /** No answer by itself (the manual adapter): the port desk answers by hand. */
  | { kind: "no_answer" }
);

/** The answer to a request to move a confirmed FOC. */
export type FocChangeAnswer = { after: number } & (
  { kind: "foc_confirmed"; focDate: string } | { kind: "refused"; reason: string } | { kind: "no_answer" }
);

/** The answer to a cancellation. */
export type CancelAnswer = { after: number } & ({ kind: "cancel_confirmed" } | { kind: "no_answer" });

/** One number's result at cut-over. */
type ActivationResult =
  { numberE164: string; ported: true } | { numberE164: string; ported: false; reason: string };

/** The answer at the FOC: each number's result, or none yet (the desk completes by hand). */
export type ActivationAnswer = { kind: "activated"; numbers: ActivationResult[] } | { kind: "no_answer" };

export interface LosingCarrier {
  /** The adapter's name, as PORTING_CARRIER spells it. */
  readonly name: string;
  /** Who holds each number and whether it can be ported away, in the order asked. */
  checkPortability(numbers: readonly string[]): Promise<PortabilityAnswer[]>;
  /** Send the order (first submission or a resubmission after fixing an exception). */
  submitOrder(order: CarrierOrder): Promise<SubmitAnswer>;
  /** Ask for another FOC date (not within 24 h of the current FOC: checked before asking). */
  requestFocChange(order: CarrierOrder, focDate: string): Promise<FocChangeAnswer>;
  /** Withdraw the order. */
  cancelOrder(order: CarrierOrder): Promise<CancelAnswer>;
  /** Move the numbers at the FOC: which came over and which did not. */
  activateOrder(order: CarrierOrder): Promise<ActivationAnswer>;
}
