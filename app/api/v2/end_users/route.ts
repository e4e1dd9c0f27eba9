// GET /api/v2/end_users – the organization's list; POST – add one
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { createEndUser, listEndUsers } from "@/lib/compliance/end-users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/end_users", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listEndUsers(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, body }) => ({ data: await createEndUser(principal.organizationId, body) }),
});
