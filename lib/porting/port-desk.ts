import "server-only";
import type { Principal } from "@/lib/auth/types";
import { auditActor } from "@/lib/audit/record";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { activatePortedNumbers } from "@/lib/porting/activation";
import { lockPortOrder, movePortOrder, moverOf } from "@/lib/porting/move";
import { transitionPortOrder, type PortOrderAction } from "@/lib/porting/port-order-states";
import { portOrderView, type PortOrderRow } from "@/lib/porting/port-order-view";
import { withdrawPortNumbers } from "@/lib/porting/withdraw";
import type { CarrierAction, CarrierActionRequest } from "@/lib/schemas/port-desk";
import type { PortExceptionDetail, PortOrderView } from "@/lib/schemas/porting";

// Support's port desk (docs/API.md "Port-in", POST /port_orders/{port_order_id}/carrier_actions):
// what the losing carrier would answer, by hand, for a carrier reached by phone or email (or the
// manual adapter, which answers nothing). Each action is the carrier driver's move with support
// as its actor, through movePortOrder, in one transaction with what it brings: completing
// activates the numbers (lib/porting/activation.ts) and confirming a cancellation withdraws them
// (lib/porting/withdraw.ts), as the driver does. Support reaches every organization's orders.

const moves: Record<CarrierAction, PortOrderAction> = {
  foc_confirm: "confirm_foc",
  foc_change: "change_foc",
  exception: "raise_exception",
  complete: "complete",
  confirm_cancel: "confirm_cancel",
};

function invalid(field: string, message: string, value: string): ApiError {
  return new ApiError("invalid_parameter", `${field}: ${message}`, `${field}=${value}`);
}

/** The carrier's confirmed cut-over: a time still to come. */
function focAtOf(request: CarrierActionRequest, now: Date): Date {
  const focAt = new Date(request.foc_at ?? "");
  if (focAt.getTime() <= now.getTime())
    throw invalid("foc_at", "the cut-over must be later than now", request.foc_at ?? "");
  return focAt;
}

/** complete's details: each names a pending number of the order that did not come over. */
function failuresOf(order: PortOrderRow, details: CarrierActionRequest["details"]) {
  const pending = new Set(
    order.numbers.filter((row) => row.status === "pending").map((row) => row.numberE164),
  );
  return (details ?? []).map((detail, index) => {
    if (!pending.has(detail.field))
      throw invalid(
        `details.${index}.field`,
        "names no number of the order still being ported",
        detail.field,
      );
    return { numberE164: detail.field, ported: false as const, reason: detail.message };
  });
}

async function act(
  tx: Tx,
  principal: Principal,
  order: PortOrderRow,
  request: CarrierActionRequest,
  now: Date,
) {
  const actor = moverOf(principal, "desk");
  const base = { orderId: order.id, organizationId: order.organizationId, actor, now };
  switch (request.action) {
    case "foc_confirm":
    case "foc_change":
      return movePortOrder(tx, { ...base, action: moves[request.action], focAt: focAtOf(request, now) });
    case "exception":
      return movePortOrder(tx, {
        ...base,
        action: "raise_exception",
        details: (request.details ?? []) as PortExceptionDetail[],
      });
    case "complete": {
      const failures = failuresOf(order, request.details);
      const { failed } = await activatePortedNumbers(
        tx,
        {
          id: order.id,
          organizationId: order.organizationId,
          country: order.country.trim(),
          numberType: order.numberType,
        },
        failures,
        { now, actor: await auditActor(tx, principal) },
      );
      return movePortOrder(tx, { ...base, action: failed.length > 0 ? "complete_partially" : "complete" });
    }
    case "confirm_cancel":
      await withdrawPortNumbers(tx, {
        portOrderId: order.id,
        organizationId: order.organizationId,
        outcome: "cancelled",
        actor: await auditActor(tx, principal),
        now,
      });
      return movePortOrder(tx, { ...base, action: "confirm_cancel" });
  }
}

/**
 * Does `request` to any organization's order as the carrier would; answers the order as it now
 * is. 404 for no such order; 400 invalid_transition (nothing changed) when the order's status does
 * not allow the action; 400 invalid_parameter for a cut-over already past or a number not in it.
 */
export async function actOnPortOrder(
  principal: Principal,
  orderId: string,
  request: CarrierActionRequest,
  now: Date,
): Promise<PortOrderView> {
  const after = await inRetryingTransaction(async (tx) => {
    const order = await lockPortOrder(tx, orderId);
    // Refused before anything is written: activation and withdrawal come before the move.
    transitionPortOrder(order.status, moves[request.action]);
    return act(tx, principal, order, request, now);
  });
  return portOrderView(after);
}
