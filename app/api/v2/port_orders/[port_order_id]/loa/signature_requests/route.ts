// POST /api/v2/port_orders/{port_order_id}/loa/signature_requests – email the authorized person a link to sign the LOA
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { requestLoaSignature } from "@/lib/porting/loa-signatures";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/port_orders/{port_order_id}/loa/signature_requests",
  {
    POST: async ({ principal, params, body, now }) =>
      new Reply(
        { data: await requestLoaSignature(principal, params.port_order_id, body, now) },
        { status: 201 },
      ),
  },
);
