import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { eventListQuerySchema, eventListResponseSchema } from "@/lib/schemas/events";
import {
  createdWebhookResponseSchema,
  createWebhookRequestSchema,
  deliveryListQuerySchema,
  deliveryListResponseSchema,
  deliveryParamsSchema,
  deliveryResponseSchema,
  noContentSchema,
  webhookListQuerySchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from "@/lib/schemas/webhooks";

const bodyErrors = ["invalid_parameter", "payload_too_large", "unsupported_media_type"] as const;

// Events and webhooks (docs/CONTRACT.md §14). One scope per side: events:read to read events,
// webhooks:write for everything about endpoints and deliveries (reading them included).
export const webhookEndpoints = {
  "GET /events": defineEndpoint({
    summary: "The organization's events of the last 30 days, newest first",
    scope: "events:read",
    query: eventListQuerySchema,
    response: eventListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "POST /webhooks": defineEndpoint({
    summary: "Add a webhook endpoint; the answer shows its signing secret, once",
    scope: "webhooks:write",
    verifiedEmail: true,
    query: emptyQuerySchema,
    body: createWebhookRequestSchema,
    response: createdWebhookResponseSchema,
    status: 201,
    errors: ["email_unverified", ...bodyErrors],
  }),
  "GET /webhooks": defineEndpoint({
    summary: "The organization's webhook endpoints, newest first",
    scope: "webhooks:write",
    query: webhookListQuerySchema,
    response: webhookListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /webhooks/{webhook_id}": defineEndpoint({
    summary: "One webhook endpoint",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    query: emptyQuerySchema,
    response: webhookResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
  "DELETE /webhooks/{webhook_id}": defineEndpoint({
    summary: "Remove a webhook endpoint; its pending deliveries are not sent",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    query: emptyQuerySchema,
    response: noContentSchema,
    status: 204,
    errors: ["invalid_parameter", "not_found"],
  }),
  "GET /webhooks/{webhook_id}/deliveries": defineEndpoint({
    summary: "An endpoint's deliveries with their attempts, newest first",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    query: deliveryListQuerySchema,
    response: deliveryListResponseSchema,
    errors: ["invalid_parameter", "not_found"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "POST /webhooks/{webhook_id}/test": defineEndpoint({
    summary: "Queue a webhook.test event for the endpoint, sent like any other delivery",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    query: emptyQuerySchema,
    response: deliveryResponseSchema,
    status: 202,
    errors: ["invalid_parameter", "not_found"],
  }),
  "POST /webhooks/{webhook_id}/deliveries/{delivery_id}/retry": defineEndpoint({
    summary: "Send a succeeded or failed delivery again, now (its attempts are kept)",
    scope: "webhooks:write",
    params: deliveryParamsSchema,
    query: emptyQuerySchema,
    response: deliveryResponseSchema,
    status: 202,
    errors: ["invalid_parameter", "not_found", "delivery_pending"],
  }),
};
