// GET /api/v2/numbers – configurations of the caller's numbers and extensions, filtered and paged
import { paginationHeaders } from "@/lib/api/pagination";
import { Reply, route } from "@/lib/api/route";
import { searchNumberConfigurations } from "@/lib/numbers/configurations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await searchNumberConfigurations(principal, query);
    return new Reply(
      { data: items },
      { headers: paginationHeaders(request.url, { limit: query.limit, offset: query.offset, total }) },
    );
  },
});
