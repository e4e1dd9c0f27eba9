// GET /api/v2/documents/{document_id} – one document's metadata; DELETE – delete it
import "server-only";
import { route } from "@/lib/api/route";
import { deleteDocument, getDocumentOrThrow } from "@/lib/compliance/documents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/documents/{document_id}", {
  GET: async ({ principal, params }) => ({ data: await getDocumentOrThrow(principal, params.document_id) }),
  DELETE: async ({ principal, params }) => {
    await deleteDocument(principal.organizationId, params.document_id);
    return undefined;
  },
});
