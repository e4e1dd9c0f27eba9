// GET /api/v2/documents – the organization's documents (metadata); POST – upload one (multipart,
// Idempotency-Key makes a retry safe)
import "server-only";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listDocuments } from "@/lib/compliance/documents";
import { uploadDocument } from "@/lib/compliance/document-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/documents", {
  GET: async ({ request, principal, query }) => {
    const { items, total } = await listDocuments(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
  POST: async ({ request, principal, headers }) => {
    const answer = await uploadDocument(principal.organizationId, request, headers["Idempotency-Key"]);
    return new Reply(
      { data: answer.document },
      { headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} },
    );
  },
});
