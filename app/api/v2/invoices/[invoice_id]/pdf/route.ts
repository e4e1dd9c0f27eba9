// GET /api/v2/invoices/{invoice_id}/pdf – the invoice or credit note as a PDF attachment named by its number
import "server-only";
import { attachmentDisposition } from "@/lib/api/downloads";
import { route } from "@/lib/api/route";
import { getInvoiceOrThrow } from "@/lib/billing/invoice-reads";
import { renderInvoicePdf } from "@/lib/billing/invoice-pdf";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/{invoice_id}/pdf", {
  GET: async ({ principal, params, query }) => {
    const invoice = await getInvoiceOrThrow(principal, params.invoice_id, query.organization_id);
    const pdf = await renderInvoicePdf(invoice);
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-length": String(pdf.length),
        "content-disposition": attachmentDisposition(`${invoice.number ?? invoice.id}.pdf`),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
});
