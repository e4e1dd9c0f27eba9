// GET /api/v2/port_orders/{port_order_id}/loa – the order's letter of authorization as a PDF (the signed one once signed)
import "server-only";
import { route } from "@/lib/api/route";
import { pdfDownload } from "@/lib/api/downloads";
import { readLoaPdf } from "@/lib/porting/loa-document";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/port_orders/{port_order_id}/loa", {
  GET: async ({ principal, params }) => pdfDownload(await readLoaPdf(principal, params.port_order_id)),
});
