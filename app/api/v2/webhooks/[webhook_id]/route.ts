// GET /api/v2/webhooks/{webhook_id} – one webhook endpoint; DELETE – remove it
import "server-only";
import { route } from "@/lib/api/route";
import { deleteWebhook, getWebhookOrThrow } from "@/lib/webhooks/manage-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/webhooks/{webhook_id}", {
  GET: async ({ principal, params }) => ({ data: await getWebhookOrThrow(principal, params.webhook_id) }),
  DELETE: async ({ principal, params }) => {
    await deleteWebhook(principal.organizationId, params.webhook_id);
    return undefined;
  },
});
