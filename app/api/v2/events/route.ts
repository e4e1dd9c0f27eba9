// GET /api/v2/events – the organization's events of the last 30 days, newest first
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listEvents } from "@/lib/events/list-events";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/events", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listEvents(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
