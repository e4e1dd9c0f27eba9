// POST /api/v2/port_orders/{port_order_id}/carrier_actions – support's port desk does what the losing carrier would
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { actOnPortOrder } from "@/lib/porting/port-desk";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/port_orders/{port_order_id}/carrier_actions",
  {
    POST: async ({ principal, params, body, now }) =>
      new Reply({ data: await actOnPortOrder(principal, params.port_order_id, body, now) }),
  },
);
