// POST /api/v2/port_orders/{port_order_id}/foc_change_requests – ask for another FOC date
import "server-only";
import { route } from "@/lib/api/route";
import { requestFocChange } from "@/lib/porting/actions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/port_orders/{port_order_id}/foc_change_requests",
  {
    POST: async ({ principal, params, body, now }) => ({
      data: await requestFocChange(principal, params.port_order_id, body.requested_foc_date, now),
    }),
  },
);
