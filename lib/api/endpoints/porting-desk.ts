import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { carrierActionRequestSchema } from "@/lib/schemas/port-desk";
import { portOrderParamsSchema, portOrderResponseSchema } from "@/lib/schemas/porting";

// Support's port desk (docs/API.md "Port-in"): the losing carrier's answers by hand, for any
// organization's order. Support-only as billing's support operations are (the power to act on
// every organization): a customer, whatever its role, is 401 role_forbidden.
export const portingDeskEndpoints = {
  "POST /port_orders/{port_order_id}/carrier_actions": defineEndpoint({
    summary:
      "Support: do what the losing carrier would — confirm or move the FOC, raise an exception, complete the port (naming numbers that failed), confirm a cancellation",
    scope: "porting:read",
    permission: "organizations:all",
    params: portOrderParamsSchema,
    query: emptyQuerySchema,
    body: carrierActionRequestSchema,
    response: portOrderResponseSchema,
    errors: [
      "invalid_parameter",
      "payload_too_large",
      "unsupported_media_type",
      "not_found",
      "invalid_transition",
      "role_forbidden",
    ],
    tag: "Port-in",
  }),
};
