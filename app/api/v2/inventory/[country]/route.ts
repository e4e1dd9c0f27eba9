// GET /api/v2/inventory/{country} – numbers for sale in a country
import { paginationHeaders } from "@/lib/api/pagination";
import { Reply, route } from "@/lib/api/route";
import { searchInventory } from "@/lib/inventory/search";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/inventory/{country}", {
  GET: async ({ request, params, query }) => {
    const { items, total } = await searchInventory({ ...query, country: params.country });
    return new Reply(items, { headers: paginationHeaders(request.url, { limit: query.limit, offset: query.offset, total }) });
  },
});
