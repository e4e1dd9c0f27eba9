// The port-in vocabulary (docs/CONTRACT.md §20), below every domain so schemas, the state table
// (lib/porting/port-order-states.ts), the carrier adapters and the portal share one spelling.
// Each list is the database enum of the same name (prisma/schema.prisma), in its order.

/** port_order.status. */
export const portOrderStatuses = [
  "draft",
  "submitted",
  "exception",
  "foc_confirmed",
  "activating",
  "ported",
  "partially_ported",
  "cancel_pending",
  "cancelled",
] as const;
export type PortOrderStatus = (typeof portOrderStatuses)[number];

/** port_order_number.status: pending while its order is open; a number is pending in one order at most. */
export const portNumberStatuses = ["pending", "ported", "failed", "cancelled"] as const;

/** port_order_event.kind: the timeline's entries. */
export const portOrderEventKinds = [
  "status_changed",
  "foc_changed",
  "comment",
  "exception",
  "carrier_note",
] as const;

/** port_order_event.actor_kind: who wrote an entry. */
export const portActorKinds = ["member", "token", "support", "system"] as const;

/**
 * What a losing carrier refuses an order for, with the field the customer must fix
 * (`details: [{code, field, message}]` of an exception). A real carrier's reasons map onto these.
 */
export const portExceptionFields = {
  account_number_mismatch: "losing_carrier.account_number",
  pin_mismatch: "losing_carrier.pin",
  authorized_person_mismatch: "losing_carrier.authorized_person",
  address_mismatch: "address_id",
  other: "",
} as const;
export type PortExceptionCode = keyof typeof portExceptionFields;

/** One item of an exception's details. */
export type PortExceptionDetail = { code: PortExceptionCode; field: string; message: string };
