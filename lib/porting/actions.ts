import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { ApiError, notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/types";
import { claimKey, requestHash, storeAnswer } from "@/lib/http/idempotency";
import { canCancel, canChangeFoc, cutOverAt, formatDay } from "@/lib/porting/business-days";
import { assertPortAffordable } from "@/lib/porting/credit";
import { createPortingConfigurations } from "@/lib/porting/initial-configuration";
import { lockPortOrder, movePortOrder, moverOf } from "@/lib/porting/move";
import { assertAllPortable, assertFocDate } from "@/lib/porting/orders";
import { transitionPortOrder } from "@/lib/porting/port-order-states";
import { portOrderView, type PortOrderRow } from "@/lib/porting/port-order-view";
import { checkPortability } from "@/lib/porting/portability";
import type { PortExceptionDetail, PortOrderView } from "@/lib/schemas/porting";

// A customer's actions on a port order (docs/CONTRACT.md §20): submit, resubmit, cancel and a
// new FOC date. Each checks its own rules, then moves the order through lib/porting/move.ts in
// the same transaction. The losing carrier is asked by the carrier driver in the worker
// (lib/porting/driver.ts), whose answers count from the submission's timeline entry.

type Answered = { body: { data: PortOrderView }; replayed: boolean };

/** Runs an action once per Idempotency-Key (per order and action), replaying its first answer. */
async function once(
  principal: Principal,
  id: string,
  action: string,
  request: unknown,
  idempotencyKey: string | undefined,
  work: (tx: Tx) => Promise<PortOrderRow>,
): Promise<Answered> {
  const key = idempotencyKey === undefined ? undefined : `port_order:${id}:${action}:${idempotencyKey}`;
  return inRetryingTransaction(async (tx) => {
    if (key !== undefined) {
      const earlier = await claimKey<Answered["body"]>(
        tx,
        principal.organizationId,
        key,
        requestHash(request ?? {}),
      );
      if (earlier) return earlier;
    }
    const body = { data: portOrderView(await work(tx)) };
    if (key !== undefined) await storeAnswer(tx, principal.organizationId, key, { body, replayed: false });
    return { body, replayed: false };
  });
}

function assertLoaSigned(order: PortOrderRow): void {
  if (order.loaDocumentId === null)
    throw new ApiError(
      "loa_not_signed",
      `The letter of authorization of port order ${order.id} is not signed: ask the authorized person to sign it (POST /port_orders/${order.id}/loa/signature_requests), then submit.`,
      `port_order_id=${order.id}, loa_signed=false`,
    );
}

/** The order's numbers still portable (they block nobody as a draft): 409 otherwise, read before the transaction. */
async function assertStillPortable(principal: Principal, id: string, now: Date): Promise<void> {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findFirst({
    where: { id, organizationId: principal.organizationId },
    // Only a draft's numbers: a submitted order's are its own open port (a repeat is replayed or refused later).
    select: { numbers: { where: { status: "draft" }, select: { numberE164: true } } },
  });
  if (!order) throw notFound("port order", id);
  const numbers = order.numbers.map((number) => number.numberE164);
  if (numbers.length > 0) assertAllPortable(await checkPortability(numbers, now));
}

/** POST /port_orders/{id}/actions/submit: a draft with a signed LOA goes to the losing carrier. */
export async function submitPortOrder(
  principal: Principal,
  id: string,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<Answered> {
  await assertStillPortable(principal, id, now);
  return once(principal, id, "submit", {}, idempotencyKey, async (tx) => {
    const order = await lockPortOrder(tx, id, principal.organizationId);
    transitionPortOrder(order.status, "submit");
    assertLoaSigned(order);
    assertFocDate(formatDay(order.requestedFocDate), now, "requested_foc_date");
    const numbers = order.numbers.map((number) => number.numberE164);
    const country = order.country.trim();
    await assertPortAffordable(
      tx,
      {
        organizationId: order.organizationId,
        country,
        numberType: order.numberType,
        numbers: numbers.length,
      },
      now,
    );
    try {
      // The partial unique index lets a number be pending in one order at most.
      await tx.portOrderNumber.updateMany({
        where: { portOrderId: id, status: "draft" },
        data: { status: "pending" },
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        throw new ApiError(
          "port_in_progress",
          "A number of this order was submitted in another port order meanwhile. Nothing was submitted.",
          `port_order_id=${id}`,
        );
      throw error;
    }
    const configured = await createPortingConfigurations(
      tx,
      principal,
      {
        id,
        organizationId: order.organizationId,
        country,
        numberType: order.numberType,
        configuration: order.configuration,
      },
      numbers,
    );
    for (const [numberE164, configurationId] of configured)
      await tx.portOrderNumber.updateMany({
        where: { portOrderId: id, numberE164 },
        data: { numberConfigurationId: configurationId },
      });
    return movePortOrder(tx, {
      orderId: id,
      organizationId: principal.organizationId,
      action: "submit",
      actor: moverOf(principal, "customer"),
      now,
    });
  });
}

/**
 * The fields an exception names that have not been changed since it was raised (PATCH writes
 * an audit entry naming each field it changed). "numbers" and "" cannot be changed by PATCH.
 */
async function unchangedExceptionFields(tx: Tx, order: PortOrderRow): Promise<string[]> {
  const named = ((order.exceptionDetails as PortExceptionDetail[] | null) ?? [])
    .map((detail) => detail.field)
    .filter((field) => field !== "" && field !== "numbers");
  if (named.length === 0) return [];
  const raised = await tx.portOrderEvent.findFirst({
    where: { portOrderId: order.id, kind: "exception" },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    select: { createdAt: true },
  });
  const edits = await tx.auditEvent.findMany({
    where: {
      resourceType: "port_order",
      resourceId: order.id,
      action: "port_order.changed",
      at: { gte: raised?.createdAt ?? new Date(0) },
    },
    select: { changes: true },
  });
  const changed = new Set(
    edits.flatMap((edit) => (edit.changes as { field: string }[]).map((change) => change.field)),
  );
  return [...new Set(named)].filter((field) => !changed.has(field));
}

/** POST /port_orders/{id}/actions/resubmit: after changing what the exception named. */
export async function resubmitPortOrder(
  principal: Principal,
  id: string,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<Answered> {
  return once(principal, id, "resubmit", {}, idempotencyKey, async (tx) => {
    const order = await lockPortOrder(tx, id, principal.organizationId);
    transitionPortOrder(order.status, "resubmit");
    const unchanged = await unchangedExceptionFields(tx, order);
    if (unchanged.length > 0)
      throw new ApiError(
        "invalid_parameter",
        `The losing carrier refused ${unchanged.join(" and ")}: change ${unchanged.length === 1 ? "it" : "them"} (PATCH /port_orders/${id}) before resubmitting.`,
        unchanged.map((field) => `body.${field}=unchanged`).join(", "),
      );
    assertLoaSigned(order);
    assertFocDate(formatDay(order.requestedFocDate), now, "requested_foc_date");
    return movePortOrder(tx, {
      orderId: id,
      organizationId: principal.organizationId,
      action: "resubmit",
      actor: moverOf(principal, "customer"),
      now,
    });
  });
}

/** When the numbers move: the confirmed FOC, or before confirmation the requested date's cut-over. */
const cutOverOf = (order: PortOrderRow) => order.focAt ?? cutOverAt(order.requestedFocDate);

/** POST /port_orders/{id}/actions/cancel: asks the losing carrier to withdraw (not within 48 h of the FOC). */
export async function cancelPortOrder(
  principal: Principal,
  id: string,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<Answered> {
  return once(principal, id, "cancel", {}, idempotencyKey, async (tx) => {
    const order = await lockPortOrder(tx, id, principal.organizationId);
    transitionPortOrder(order.status, "request_cancel");
    const cutOver = cutOverOf(order);
    if (!canCancel(cutOver, now))
      throw new ApiError(
        "foc_date_not_allowed",
        `Port order ${id} moves its numbers at ${cutOver.toISOString()}: it cannot be cancelled within 48 hours of that.`,
        `rule=cancel_too_late, foc_at=${cutOver.toISOString()}`,
      );
    return movePortOrder(tx, {
      orderId: id,
      organizationId: principal.organizationId,
      action: "request_cancel",
      actor: moverOf(principal, "customer"),
      now,
    });
  });
}

/** POST /port_orders/{id}/foc_change_requests: a new requested FOC date (not within 24 h of the FOC). */
export async function requestFocChange(
  principal: Principal,
  id: string,
  requestedFocDate: string,
  now: Date = new Date(),
): Promise<PortOrderView> {
  assertFocDate(requestedFocDate, now);
  const row = await inRetryingTransaction(async (tx) => {
    const order = await lockPortOrder(tx, id, principal.organizationId);
    transitionPortOrder(order.status, "request_foc_change");
    const cutOver = cutOverOf(order);
    if (!canChangeFoc(cutOver, now))
      throw new ApiError(
        "foc_date_not_allowed",
        `Port order ${id} moves its numbers at ${cutOver.toISOString()}: its date cannot change within 24 hours of that.`,
        `body.requested_foc_date=${requestedFocDate}, rule=foc_change_too_late, foc_at=${cutOver.toISOString()}`,
      );
    return movePortOrder(tx, {
      orderId: id,
      organizationId: principal.organizationId,
      action: "request_foc_change",
      actor: moverOf(principal, "customer"),
      requestedFocDate,
      now,
    });
  });
  return portOrderView(row);
}
