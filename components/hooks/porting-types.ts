// The port-in API's answers and requests as the portal reads and sends them (docs/CONTRACT.md §20).
import type { PortOrderStatus, PortOrderView } from "@/lib/schemas/porting";

export type { PortOrderStatus } from "@/lib/schemas/porting";

/** A port order as GET /port_orders/{id} answers it. */
export type PortOrder = PortOrderView;
export type PortNumber = PortOrder["numbers"][number];
export type PortExceptionItem = NonNullable<PortOrder["exception"]>[number];

export type PortabilityResult = {
  number: string;
  portable: boolean;
  not_portable_reason: string | null;
  losing_carrier: string | null;
  number_type: string | null;
  country?: string | null;
  earliest_foc_date: string | null;
};

export type PortOrderEvent = {
  id: string;
  kind: "status_changed" | "foc_changed" | "comment" | "exception" | "carrier_note";
  from_status: PortOrderStatus | null;
  to_status: PortOrderStatus | null;
  actor_kind: "member" | "token" | "support" | "system";
  actor_name?: string | null;
  body: string | null;
  details: unknown;
  created_at: string;
};

export type PortOrderRequest = {
  numbers: string[];
  end_user_id: string;
  address_id: string;
  losing_carrier: { account_number: string; pin?: string; authorized_person: string };
  requested_foc_date: string;
};

export type PortOrderChanges = Partial<Omit<PortOrderRequest, "numbers" | "losing_carrier">> & {
  losing_carrier?: Partial<PortOrderRequest["losing_carrier"]>;
};

export type CarrierAction = "foc_confirm" | "foc_change" | "exception" | "complete" | "confirm_cancel";

export type CarrierActionRequest = {
  action: CarrierAction;
  foc_at?: string;
  details?: { code: string; field: string; message: string }[];
};
