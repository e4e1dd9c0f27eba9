import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { activatePortedNumbers } from "@/lib/porting/activation";
import { addBusinessDays, cutOverAt, formatDay } from "@/lib/porting/business-days";
import { losingCarrier } from "@/lib/porting/carriers";
import type { CarrierOrder, LosingCarrier, SubmitAnswer } from "@/lib/porting/carriers/carrier";
import { decryptAccountPin } from "@/lib/porting/account-pin";
import { carrierMover, movePortOrder } from "@/lib/porting/move";
import { withdrawPortNumbers } from "@/lib/porting/withdraw";
import type { PortExceptionDetail, PortOrderStatus } from "@/lib/schemas/porting";

// The carrier driver (docs/ARCHITECTURE.md "Port-in"): the worker's sweep `port_carrier` asks
// the losing carrier adapter about each open order and moves the order by its answer, on the
// injected clock. A carrier answer takes effect `after` business days from the moment it was
// asked about (the last submission, the cancellation request), so asking again gives the same
// answer and nothing is kept between sweeps:
//   submitted       → foc_confirmed (foc_at: the cut-over of the FOC date the carrier gave) or
//                     exception (its details; numbers the carrier will not port are named too)
//   foc_confirmed   → activating once foc_at has come
//   activating      → ported | partially_ported: each number activated or withdrawn
//                     (lib/porting/activation.ts), in the move's transaction
//   cancel_pending  → cancelled, every number withdrawn
// An adapter that has no answer (the manual carrier) leaves the order to the port desk.
//
// Exactly once, across instances and kill -9: each order is handled in its own transaction that
// first takes its row with FOR UPDATE SKIP LOCKED in the state being handled (another instance
// holding it, or a move made since, means there is nothing to do), and movePortOrder's
// conditional UPDATE moves it only from that state. A transaction cut short leaves the order as
// it was, for the next sweep.

const BATCH = 50;

/** The injected clock. */
type Clock = () => Date;

type OrderRow = {
  id: string;
  organization_id: string;
  status: PortOrderStatus;
  country: string;
  losing_carrier: string;
  number_type: string;
  account_number: string;
  pin_ciphertext: string | null;
  authorized_person: string;
  requested_foc_date: Date;
  foc_at: Date | null;
  cancel_requested_at: Date | null;
  /** When the order was last (re)submitted: the carrier's answer counts from there. */
  asked_at: Date | null;
  /** 1 for the first submission, 2 after one resubmission, … */
  attempt: number;
  numbers: string[];
};

export type CarrierSweep = {
  confirmed: number;
  exceptions: number;
  activating: number;
  completed: number;
  cancelled: number;
};

/** The order's row, locked, if it is still in `status` and no other transaction holds it. */
async function claimOrder(tx: Tx, orderId: string, status: PortOrderStatus): Promise<OrderRow | null> {
  const [row] = await tx.$queryRaw<OrderRow[]>`
    SELECT o.id, o.organization_id, o.status::text AS status, o.country, o.losing_carrier, o.number_type,
           o.account_number, o.pin_ciphertext, o.authorized_person, o.requested_foc_date, o.foc_at,
           o.cancel_requested_at,
           (SELECT max(e.created_at) FROM port_order_event e
             WHERE e.port_order_id = o.id AND e.kind = 'status_changed' AND e.to_status = 'submitted') AS asked_at,
           (SELECT count(*)::int FROM port_order_event e
             WHERE e.port_order_id = o.id AND e.kind = 'status_changed' AND e.to_status = 'submitted') AS attempt,
           ARRAY(SELECT pn.number_e164 FROM port_order_number pn
                  WHERE pn.port_order_id = o.id AND pn.status = 'pending' ORDER BY pn.number_e164) AS numbers
      FROM port_order o
     WHERE o.id = ${orderId} AND o.status = ${status}::port_order_status
       FOR UPDATE OF o SKIP LOCKED`;
  return row ?? null;
}

/** What the adapter is told of an order. */
function carrierOrder(row: OrderRow): CarrierOrder {
  return {
    portOrderId: row.id,
    country: row.country.trim(),
    losingCarrier: row.losing_carrier,
    numberType: row.number_type,
    accountNumber: row.account_number,
    pin: row.pin_ciphertext === null ? null : decryptAccountPin(row.pin_ciphertext, row.id),
    authorizedPerson: row.authorized_person,
    requestedFocDate: formatDay(row.requested_foc_date),
    numbers: row.numbers,
    attempt: Math.max(row.attempt, 1),
  };
}

/** Whether an answer given `after` business days from `askedAt` has come by `now`. */
const hasCome = (askedAt: Date | null, after: number, now: Date) =>
  askedAt !== null && addBusinessDays(askedAt, after).getTime() <= now.getTime();

/** The exception's details of numbers the carrier will not port at all. */
function notPortableDetails(
  numbers: Extract<SubmitAnswer, { kind: "not_portable" }>["numbers"],
): PortExceptionDetail[] {
  return [
    {
      code: "other",
      field: "numbers",
      message: `The losing carrier will not port ${numbers.map((entry) => entry.numberE164).join(", ")}: remove them from the order.`,
    },
  ];
}

/**
 * Every order in `status` (due by the clock, for foc_confirmed), a page at a time by id: a plain
 * read, each order is then claimed on its own.
 */
async function* candidates(status: PortOrderStatus, clock: Clock): AsyncGenerator<string> {
  const prisma = await getPrisma();
  for (let after = ""; ;) {
    const rows = await prisma.portOrder.findMany({
      where: {
        status,
        id: { gt: after },
        ...(status === "foc_confirmed" ? { focAt: { lte: clock() } } : {}),
      },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const row of rows) yield row.id;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/** The carrier's answer to a submission, once it has come: the state the order moved to, or null. */
async function answerSubmission(
  orderId: string,
  carrier: LosingCarrier,
  clock: Clock,
): Promise<"foc_confirmed" | "exception" | null> {
  return inRetryingTransaction(async (tx) => {
    const row = await claimOrder(tx, orderId, "submitted");
    if (!row) return null;
    const now = clock();
    const answer = await carrier.submitOrder(carrierOrder(row));
    if (answer.kind === "no_answer" || !hasCome(row.asked_at, answer.after, now)) return null;
    if (answer.kind === "foc_confirmed") {
      await movePortOrder(tx, {
        orderId: row.id,
        organizationId: row.organization_id,
        action: "confirm_foc",
        actor: carrierMover,
        focAt: cutOverAt(answer.focDate),
        now,
      });
      return "foc_confirmed";
    }
    await movePortOrder(tx, {
      orderId: row.id,
      organizationId: row.organization_id,
      action: "raise_exception",
      actor: carrierMover,
      details: answer.kind === "exception" ? answer.details : notPortableDetails(answer.numbers),
      now,
    });
    return "exception";
  });
}

async function startActivation(orderId: string, clock: Clock) {
  return inRetryingTransaction(async (tx) => {
    const row = await claimOrder(tx, orderId, "foc_confirmed");
    const now = clock();
    if (!row || row.foc_at === null || row.foc_at.getTime() > now.getTime()) return false;
    await movePortOrder(tx, {
      orderId: row.id,
      organizationId: row.organization_id,
      action: "start_activation",
      actor: carrierMover,
      now,
    });
    return true;
  });
}

async function completeActivation(orderId: string, carrier: LosingCarrier, clock: Clock) {
  return inRetryingTransaction(async (tx) => {
    const row = await claimOrder(tx, orderId, "activating");
    if (!row) return false;
    const now = clock();
    const answer = await carrier.activateOrder(carrierOrder(row));
    if (answer.kind === "no_answer") return false;
    const { failed } = await activatePortedNumbers(
      tx,
      {
        id: row.id,
        organizationId: row.organization_id,
        country: row.country.trim(),
        numberType: row.number_type,
      },
      answer.numbers,
      { now },
    );
    await movePortOrder(tx, {
      orderId: row.id,
      organizationId: row.organization_id,
      action: failed.length > 0 ? "complete_partially" : "complete",
      actor: carrierMover,
      now,
    });
    return true;
  });
}

async function confirmCancellation(orderId: string, carrier: LosingCarrier, clock: Clock) {
  return inRetryingTransaction(async (tx) => {
    const row = await claimOrder(tx, orderId, "cancel_pending");
    if (!row) return false;
    const now = clock();
    const answer = await carrier.cancelOrder(carrierOrder(row));
    if (answer.kind === "no_answer" || !hasCome(row.cancel_requested_at ?? now, answer.after, now))
      return false;
    await withdrawPortNumbers(tx, {
      portOrderId: row.id,
      organizationId: row.organization_id,
      outcome: "cancelled",
      now,
    });
    await movePortOrder(tx, {
      orderId: row.id,
      organizationId: row.organization_id,
      action: "confirm_cancel",
      actor: carrierMover,
      now,
    });
    return true;
  });
}

/** Counts the orders of `status` that `step` moved, one at a time. */
async function each(
  status: PortOrderStatus,
  clock: Clock,
  step: (id: string) => Promise<boolean>,
): Promise<number> {
  let moved = 0;
  for await (const id of candidates(status, clock)) if (await step(id)) moved++;
  return moved;
}

/**
 * One sweep of the carrier driver (the worker's `port_carrier`): answers how many orders each
 * step moved. Each move reads the clock once its order is claimed, so an order's timeline is in
 * the order its moves were made even when instances' sweeps began at different times.
 */
export async function driveCarrier(
  now: Date | Clock,
  carrier: LosingCarrier = losingCarrier(),
): Promise<CarrierSweep> {
  const clock: Clock = typeof now === "function" ? now : () => now;
  const answered = { foc_confirmed: 0, exception: 0 };
  for await (const id of candidates("submitted", clock)) {
    const to = await answerSubmission(id, carrier, clock);
    if (to !== null) answered[to]++;
  }
  return {
    confirmed: answered.foc_confirmed,
    exceptions: answered.exception,
    activating: await each("foc_confirmed", clock, (id) => startActivation(id, clock)),
    completed: await each("activating", clock, (id) => completeActivation(id, carrier, clock)),
    cancelled: await each("cancel_pending", clock, (id) => confirmCancellation(id, carrier, clock)),
  };
}
