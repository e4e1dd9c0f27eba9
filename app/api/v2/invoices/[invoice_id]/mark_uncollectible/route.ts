// POST /api/v2/invoices/{invoice_id}/mark_uncollectible – support gives up collecting an open invoice
import "server-only";
import { route } from "@/lib/api/route";
import { markUncollectible } from "@/lib/billing/invoice-actions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invoices/{invoice_id}/mark_uncollectible", {
  POST: async ({ principal, params, now }) => ({
    data: await markUncollectible(principal, params.invoice_id, now),
  }),
});
