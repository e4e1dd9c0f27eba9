// GET /api/v2/documents/{document_id}/file – the file, as an attachment never cached
import "server-only";
import { route } from "@/lib/api/route";
import { readDocumentFile } from "@/lib/compliance/document-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/documents/{document_id}/file", {
  GET: async ({ principal, params }) => {
    const file = await readDocumentFile(principal, params.document_id);
    return new Response(file.bytes, {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.bytes.length),
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
});
