// GET /api/v2/port_orders/{port_order_id}/events – the order's timeline, oldest first
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listTimeline } from "@/lib/porting/timeline";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders/{port_order_id}/events", {
  GET: async ({ request, principal, params, query }) => {
    const { items, total } = await listTimeline(principal, params.port_order_id, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
