// GET /api/v2/members – the organization's members with their roles, paged (docs/CONTRACT.md §15)
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listMembers } from "@/lib/members/members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/members", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listMembers(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
