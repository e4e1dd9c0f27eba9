// GET /api/v2/invoices – invoices and credit notes, newest first (format=csv: every match)
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listInvoices, streamInvoicesCsv } from "@/lib/billing/invoice-reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices", {
  GET: async ({ request, principal, query }) => {
    // format=csv answers GET /invoices/export's CSV, for clients that ask this way.
    if (query.format === "csv") return csvDownload(await streamInvoicesCsv(principal, query), "invoices.csv");
    const { items, total } = await listInvoices(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
