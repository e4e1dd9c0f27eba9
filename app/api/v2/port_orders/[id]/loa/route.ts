// GET /api/v2/port_orders/{id}/loa – the order's letter of authorization as a PDF (the signed one once signed)
import "server-only";
import { route } from "@/lib/api/route";
import { pdfDownload } from "@/lib/api/downloads";
import { readLoaPdf } from "@/lib/porting/loa-document";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders/{id}/loa", {
  GET: async ({ principal, params }) => pdfDownload(await readLoaPdf(principal, params.id)),
});
