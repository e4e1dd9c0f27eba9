// GET /api/v2/bundles – bundles (status=pending_review: support's review queue); POST – a new draft
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { createBundle, listBundles } from "@/lib/compliance/bundles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listBundles(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, body }) => ({ data: await createBundle(principal.organizationId, body) }),
});
