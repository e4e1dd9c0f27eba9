// POST /api/v2/invoices/{invoice_id}/credit_notes – support credits part or all of an invoice
import "server-only";
import { route } from "@/lib/api/route";
import { creditInvoice } from "@/lib/billing/invoice-actions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/{invoice_id}/credit_notes", {
  POST: async ({ principal, params, body, now }) => ({
    data: await creditInvoice(principal, params.invoice_id, body, now),
  }),
});
