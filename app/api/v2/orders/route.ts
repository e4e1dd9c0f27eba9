// GET /api/v2/orders – the organization's orders, newest first
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listOrders } from "@/lib/orders/read-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/orders", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listOrders(principal, query);
    return new Reply(
      { data: items },
      {
        headers: paginationHeaders(publicRequestUrl(request), {
          limit: query.limit,
          offset: query.offset,
          total,
        }),
      },
    );
  },
});
