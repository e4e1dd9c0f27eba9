// GET /api/v2/document_types – the documents numbers and products may require
import "server-only";
import { route } from "@/lib/api/route";
import { listDocumentTypes } from "@/lib/reference/lookups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/document_types", {
  GET: () => listDocumentTypes(),
});
