// GET /api/v2/invoices/{invoice_id} – one invoice or credit note with its lines
import "server-only";
import { route } from "@/lib/api/route";
import { getInvoiceOrThrow } from "@/lib/billing/invoice-reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/{invoice_id}", {
  GET: async ({ principal, params, query }) => ({
    data: await getInvoiceOrThrow(principal, params.invoice_id, query.organization_id),
  }),
});
