// GET /api/v2/port_orders/{port_order_id} – one order with its ETag; PATCH – change it (If-Match); DELETE – a draft
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { deletePortOrder, getPortOrder, updatePortOrder } from "@/lib/porting/orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders/{port_order_id}", {
  GET: async ({ principal, params }) => {
    const { order, etag } = await getPortOrder(principal, params.port_order_id);
    return new Reply({ data: order }, { headers: { ETag: etag } });
  },
  PATCH: async ({ principal, params, headers, body, now }) => {
    const { order, etag } = await updatePortOrder(
      principal,
      params.port_order_id,
      headers["If-Match"],
      body,
      now,
    );
    return new Reply({ data: order }, { headers: { ETag: etag } });
  },
  DELETE: async ({ principal, params, headers, now }) => {
    await deletePortOrder(principal, params.port_order_id, headers["If-Match"], now);
    return undefined;
  },
});
