// GET /api/v2/port_orders/{port_order_id}/comments – its comments; POST – add one
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { addComment, listTimeline } from "@/lib/porting/timeline";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders/{port_order_id}/comments", {
  GET: async ({ request, principal, params, query }) => {
    const { items, total } = await listTimeline(principal, params.port_order_id, query, "comment");
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, params, body, now }) =>
    new Reply({ data: await addComment(principal, params.port_order_id, body.body, now) }, { status: 201 }),
});
