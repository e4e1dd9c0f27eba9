// GET /api/v2/webhooks – the organization's webhook endpoints; POST – add one (secret shown once)
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/webhooks", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listWebhooks(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ principal, body }) => ({ data: await createWebhook(principal.organizationId, body) }),
});
