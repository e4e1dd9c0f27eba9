// GET /api/v2/billing/upcoming – a preview of the next month-end invoice in one currency
import "server-only";
import { route } from "@/lib/api/route";
import { upcomingInvoice } from "@/lib/billing/invoice-reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/upcoming", {
  GET: async ({ principal, query, now }) => ({
    data: await upcomingInvoice(principal, query.currency, query.organization_id, now),
  }),
});
