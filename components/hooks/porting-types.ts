// The port-in API's answers and requests as the portal reads and sends them (docs/CONTRACT.md §20),
// by the routes' own schemas.
import type { PortOrderTimelineEntry, PortOrderView, Portability } from "@/lib/schemas/porting";

export type { CreatePortOrderRequest, PortOrderStatus, UpdatePortOrderRequest } from "@/lib/schemas/porting";

/** A port order as GET /port_orders/{id} answers it. */
export type PortOrder = PortOrderView;
export type PortNumber = PortOrder["numbers"][number];
export type PortExceptionItem = NonNullable<PortOrder["exception"]>[number];
/** One number's answer of POST /portability_checks. */
export type PortabilityResult = Portability;
/** One entry of an order's timeline (GET /port_orders/{id}/events). */
export type PortOrderEvent = PortOrderTimelineEntry;

// Support's port desk: POST /port_orders/{id}/carrier_actions.
export type CarrierAction = "foc_confirm" | "foc_change" | "exception" | "complete" | "confirm_cancel";

export type CarrierActionRequest = {
  action: CarrierAction;
  foc_at?: string;
  details?: { code: string; field: string; message: string }[];
};
