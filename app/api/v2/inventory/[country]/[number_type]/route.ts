// GET /api/v2/inventory/{country}/{number_type} – numbers for sale in a country, of one type
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { searchInventory } from "@/lib/inventory/search";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/inventory/{country}/{number_type}", {
  GET: async ({ request, principal, params, query, now }) => {
    const viewer = { organizationId: principal.organizationId, now };
    const { items, total } = await searchInventory({
      ...query,
      country: params.country,
      numberType: params.number_type,
      viewer,
    });
    return new Reply(items, {
      headers: paginationHeaders(publicRequestUrl(request), {
        limit: query.limit,
        offset: query.offset,
        total,
      }),
    });
  },
});
