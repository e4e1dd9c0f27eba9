// GET /api/v2/addresses – the organization's list; POST – add one
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { createAddress, listAddresses } from "@/lib/compliance/addresses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/addresses", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listAddresses(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, body }) => ({ data: await createAddress(principal.organizationId, body) }),
});
