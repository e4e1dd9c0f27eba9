// POST /api/v2/webhooks/{webhook_id}/deliveries/{delivery_id}/retry – send a finished delivery again (202)
import "server-only";
import { route } from "@/lib/api/route";
import { retryDelivery } from "@/lib/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/webhooks/{webhook_id}/deliveries/{delivery_id}/retry",
  {
    POST: async ({ principal, params }) => ({
      data: await retryDelivery(principal.organizationId, params.webhook_id, params.delivery_id),
    }),
  },
);
