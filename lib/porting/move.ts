import "server-only";
import { newId } from "@/lib/ids";
import { notFound } from "@/lib/errors";
import type { Tx } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/types";
import { auditChanges, type AuditChange } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { formatDay, parseDay } from "@/lib/porting/business-days";
import {
  assertPortOrderTransition,
  statesLeavingBy,
  type PortOrderAction,
  type PortOrderActor,
} from "@/lib/porting/port-order-states";
import { portOrderInclude, portOrderView, type PortOrderRow } from "@/lib/porting/port-order-view";
import { emailPortMembers, portOrderMessage } from "@/lib/porting/notify";
import type { PortExceptionDetail } from "@/lib/schemas/porting";

// The one writer of a port order's state (docs/CONTRACT.md §20). movePortOrder runs in the
// caller's transaction: it locks the order, asks the state table whether the move is allowed,
// writes it with a conditional UPDATE (status in the states the action leaves, version as read),
// and records what every move leaves behind, all or nothing with the caller's own writes:
// a timeline entry (port_order_event), an audit entry, an event through the outbox
// (port_order.status_changed, or port_order.foc_changed when only the FOC moved) and an email
// to each member who can act (porting:write). `edit` (PATCH) leaves only the audit entry: the
// status did not move and nobody needs telling.

/** Who moves an order: the side the state table knows, and who the timeline names. */
export type PortMover = {
  as: PortOrderActor;
  kind: "member" | "token" | "support" | "system";
  /** The user or token id; null for the system. */
  id: string | null;
};

/** The carrier driver in the worker. */
export const carrierMover: PortMover = { as: "carrier", kind: "system", id: null };

/** A caller of the API as the timeline names it; `as` is what the route does for it. */
export function moverOf(
  principal: Pick<Principal, "kind" | "role" | "userId" | "tokenId" | "id">,
  as: PortOrderActor,
): PortMover {
  if (principal.role === "support") return { as, kind: "support", id: principal.userId ?? principal.id };
  if (principal.kind === "token") return { as, kind: "token", id: principal.tokenId ?? principal.id };
  return { as, kind: "member", id: principal.userId ?? principal.id };
}

export type PortOrderMove = {
  orderId: string;
  /** When given, an order of another organization is 404 (as one that does not exist). */
  organizationId?: string;
  action: PortOrderAction;
  actor: PortMover;
  /** raise_exception: what to fix. Other actions: kept in the timeline entry as given. */
  details?: PortExceptionDetail[] | Record<string, unknown>;
  /** confirm_foc, change_foc: the carrier's cut-over instant. */
  focAt?: Date;
  /** request_foc_change: the new requested date, YYYY-MM-DD (checked by the caller). */
  requestedFocDate?: string;
  /** edit: the fields to write (checked by the caller). */
  fields?: Prisma.PortOrderUncheckedUpdateManyInput;
  /** If-Match as sent (docs/CONTRACT.md §11): 428 when absent but expected, 412 when stale. */
  ifMatch?: string;
  /** Words for the timeline entry (a desk note, a reason). */
  note?: string;
  now?: Date;
};

const auditVerbs: Record<PortOrderAction, string> = {
  edit: "changed",
  submit: "submitted",
  confirm_foc: "foc_confirmed",
  raise_exception: "exception_raised",
  resubmit: "resubmitted",
  request_foc_change: "foc_change_requested",
  change_foc: "foc_changed",
  start_activation: "activation_started",
  complete: "ported",
  complete_partially: "partially_ported",
  request_cancel: "cancel_requested",
  confirm_cancel: "cancelled",
};

/** The FOC moves without the status moving: a foc_changed entry and event. */
const FOC_ACTIONS: readonly PortOrderAction[] = ["change_foc", "request_foc_change"];

/** Locks the order row for the transaction and reads it; 404 when missing or another organization's. */
export async function lockPortOrder(tx: Tx, orderId: string, organizationId?: string): Promise<PortOrderRow> {
  const locked =
    organizationId === undefined
      ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM port_order WHERE id = ${orderId} FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM port_order WHERE id = ${orderId} AND organization_id = ${organizationId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("port order", orderId);
  return tx.portOrder.findUniqueOrThrow({ where: { id: orderId }, include: portOrderInclude });
}

/** The columns an action sets besides status and version. */
function fieldsOf(move: PortOrderMove, now: Date): Prisma.PortOrderUncheckedUpdateManyInput {
  switch (move.action) {
    case "edit":
      return move.fields ?? {};
    case "submit":
      return { submittedAt: now };
    case "resubmit":
      return { submittedAt: now, exceptionDetails: Prisma.DbNull };
    case "raise_exception":
      return { exceptionDetails: (move.details ?? []) as Prisma.InputJsonValue };
    case "confirm_foc":
    case "change_foc":
      if (move.focAt === undefined) throw new Error(`${move.action} needs focAt (lib/porting/move.ts).`);
      return { focAt: move.focAt };
    case "request_foc_change": {
      const day = move.requestedFocDate === undefined ? null : parseDay(move.requestedFocDate);
      if (day === null) throw new Error("request_foc_change needs requestedFocDate (lib/porting/move.ts).");
      return { requestedFocDate: day };
    }
    case "request_cancel":
      return { cancelRequestedAt: now };
    case "complete":
    case "complete_partially":
    case "confirm_cancel":
      return { completedAt: now };
    case "start_activation":
      return {};
  }
}

/** The audit entry's changes: the status, and each column the action set, as the API names it. */
function changesOf(before: PortOrderRow, after: PortOrderRow): AuditChange[] {
  const was = portOrderView(before);
  const is = portOrderView(after);
  const fields = [
    "status",
    "requested_foc_date",
    "foc_at",
    "end_user_id",
    "address_id",
    "configuration",
    "exception",
    "loa_document_id",
    "bill_document_id",
  ] as const;
  const changes: AuditChange[] = fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({ field, from: was[field], to: is[field] }));
  for (const field of ["account_number", "authorized_person"] as const)
    if (was.losing_carrier[field] !== is.losing_carrier[field])
      changes.push({
        field: `losing_carrier.${field}`,
        from: was.losing_carrier[field],
        to: is.losing_carrier[field],
      });
  // Redacted by the audit writer: only that it changed is kept.
  if (before.pinCiphertext !== after.pinCiphertext)
    changes.push({ field: "losing_carrier.pin", from: null, to: null });
  return changes;
}

/**
 * Moves an order by `action` in the caller's transaction and answers it as it now is. A move
 * the state table does not allow from the order's status is 400 invalid_transition naming the
 * states it is allowed from (and changes nothing).
 */
export async function movePortOrder(tx: Tx, move: PortOrderMove): Promise<PortOrderRow> {
  const now = move.now ?? new Date();
  const before = await lockPortOrder(tx, move.orderId, move.organizationId);
  if (move.ifMatch !== undefined || move.action === "edit") assertIfMatch(move.ifMatch, etagFor(before));
  const next = assertPortOrderTransition(before.status, move.action, move.actor.as);
  const updated = await tx.portOrder.updateMany({
    where: { id: before.id, status: { in: statesLeavingBy(move.action) }, version: before.version },
    data: { ...fieldsOf(move, now), status: next, version: { increment: 1 }, updatedAt: now },
  });
  // The row is locked: nobody moved it between the read and the UPDATE.
  if (updated.count !== 1) throw new Error(`port order ${before.id} changed under its lock`);
  const after = await tx.portOrder.findUniqueOrThrow({ where: { id: before.id }, include: portOrderInclude });
  await auditChanges(tx, [
    {
      action: `port_order.${auditVerbs[move.action]}`,
      organizationId: after.organizationId,
      resource: { type: "port_order", id: after.id },
      changes: changesOf(before, after),
      at: now,
    },
  ]);
  if (move.action === "edit") return after;
  const focMove = FOC_ACTIONS.includes(move.action);
  const focDetails =
    move.action === "request_foc_change"
      ? {
          field: "requested_foc_date",
          from: formatDay(before.requestedFocDate),
          to: formatDay(after.requestedFocDate),
        }
      : {
          field: "foc_at",
          from: before.focAt?.toISOString() ?? null,
          to: after.focAt?.toISOString() ?? null,
        };
  await tx.portOrderEvent.create({
    data: {
      id: newId("portOrderEvent"),
      portOrderId: after.id,
      organizationId: after.organizationId,
      kind: focMove ? "foc_changed" : move.action === "raise_exception" ? "exception" : "status_changed",
      fromStatus: before.status,
      toStatus: after.status,
      actorKind: move.actor.kind,
      actorId: move.actor.id,
      body: move.note ?? null,
      details: (focMove ? focDetails : (move.details ?? undefined)) as Prisma.InputJsonValue | undefined,
      createdAt: now,
    },
  });
  const view = portOrderView(after);
  await recordEvents(
    tx,
    [
      focMove
        ? event(after.organizationId, "port_order.foc_changed", view)
        : event(after.organizationId, "port_order.status_changed", view),
    ],
    now,
  );
  await emailPortMembers(tx, after.organizationId, (to) => portOrderMessage(to, move.action, view), now);
  return after;
}

/**
 * A comment, a carrier's note or the LOA's signature on the timeline (no status change, no
 * event): a comment is a member's (or support's) words; a carrier note the carrier driver's or
 * the desk's; loa_signed the signing link's.
 */
export async function addTimelineEntry(
  tx: Tx,
  entry: {
    orderId: string;
    organizationId: string;
    kind: "comment" | "carrier_note" | "loa_signed";
    actor: PortMover;
    body: string;
    details?: Record<string, unknown>;
    now?: Date;
  },
) {
  return tx.portOrderEvent.create({
    data: {
      id: newId("portOrderEvent"),
      portOrderId: entry.orderId,
      organizationId: entry.organizationId,
      kind: entry.kind,
      actorKind: entry.actor.kind,
      actorId: entry.actor.id,
      body: entry.body,
      details: entry.details as Prisma.InputJsonValue | undefined,
      createdAt: entry.now ?? new Date(),
    },
  });
}
