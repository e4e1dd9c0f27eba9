// GET /api/v2/numbers/{number_id}/history – every change of a configuration, newest first
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { Reply, route } from "@/lib/api/route";
import { listConfigurationHistory } from "@/lib/numbers/configuration-history";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/{number_id}/history", {
  GET: async ({ request, principal, params, query }) => {
    const { items, total } = await listConfigurationHistory(principal, params.number_id, query);
    return new Reply({ data: items }, { headers: paginationHeaders(request.url, { ...query, total }) });
  },
});
