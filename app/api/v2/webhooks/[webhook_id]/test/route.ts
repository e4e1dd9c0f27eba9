// POST /api/v2/webhooks/{webhook_id}/test – queue a webhook.test event for the endpoint (202)
import "server-only";
import { route } from "@/lib/api/route";
import { getDeliveryOrThrow } from "@/lib/webhooks/deliveries";
import { queueTestEvent } from "@/lib/webhooks/manage-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/webhooks/{webhook_id}/test", {
  POST: async ({ principal, params }) => {
    const deliveryId = await queueTestEvent(principal.organizationId, params.webhook_id);
    return { data: await getDeliveryOrThrow(principal.organizationId, params.webhook_id, deliveryId) };
  },
});
