// POST /api/v2/invoices/{invoice_id}/void – support voids an open or uncollectible invoice
import "server-only";
import { route } from "@/lib/api/route";
import { voidInvoice } from "@/lib/billing/invoice-actions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/{invoice_id}/void", {
  POST: async ({ principal, params, now }) => ({
    data: await voidInvoice(principal, params.invoice_id, now),
  }),
});
