// GET /api/v2/invoices/export – every invoice GET /invoices would list, as CSV
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { route } from "@/lib/api/route";
import { streamInvoicesCsv } from "@/lib/billing/invoice-reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/export", {
  GET: async ({ principal, query }) => csvDownload(await streamInvoicesCsv(principal, query), "invoices.csv"),
});
