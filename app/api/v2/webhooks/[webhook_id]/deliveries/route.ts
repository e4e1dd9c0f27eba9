// GET /api/v2/webhooks/{webhook_id}/deliveries – the endpoint's deliveries and their attempts
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/webhooks/{webhook_id}/deliveries", {
  GET: async ({ request, principal, params, query }) => {
    const { items, total } = await listDeliveries(principal, params.webhook_id, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
