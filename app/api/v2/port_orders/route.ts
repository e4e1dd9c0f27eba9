// GET /api/v2/port_orders – the organization's port orders; POST – drafts, one per losing carrier, country and type
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { createPortOrders, listPortOrders } from "@/lib/porting/orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listPortOrders(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, body, headers, now }) => {
    const answer = await createPortOrders(principal, body, headers["Idempotency-Key"], now);
    return new Reply(answer.body, {
      status: 201,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  },
});
