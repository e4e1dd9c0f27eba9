// GET /api/v2/billing/alerts – the organization's balance alerts; POST – add one
import "server-only";
import { route } from "@/lib/api/route";
import { createBillingAlert, listBillingAlerts } from "@/lib/billing/alerts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/alerts", {
  GET: async ({ principal, query }) => ({ data: await listBillingAlerts(principal, query.organization_id) }),
  POST: async ({ principal, body, now }) => ({
    data: await createBillingAlert(principal.organizationId, body, now),
  }),
});
