// DELETE /api/v2/billing/alerts/{alert_id} – remove a balance alert
import "server-only";
import { route } from "@/lib/api/route";
import { deleteBillingAlert } from "@/lib/billing/alerts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/alerts/{alert_id}", {
  DELETE: async ({ principal, params, now }) => {
    await deleteBillingAlert(principal.organizationId, params.alert_id, now);
    return undefined;
  },
});
