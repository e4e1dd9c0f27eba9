import { z } from "zod";
import { documentedAs, organizationIdFilterSchema, pageQuery, timestampSchema } from "@/lib/schemas/common";
import { eventTypes } from "@/lib/schemas/events";

// Webhook endpoints and their deliveries (docs/CONTRACT.md §14). The signing secret is in the answer
// to the creation only. Whether a URL may be called at all (no private addresses) is the
// domain's question (lib/webhooks/url-policy.ts): it needs DNS, a schema cannot answer it.

export const WEBHOOK_LIMITS = { maxPerOrganization: 10, maxDescription: 200, maxUrl: 2000 } as const;

const webhookSchema = z
  .object({
    webhook_id: z.string().describe("wh_…"),
    organization_id: z.string(),
    url: z.string(),
    events: z.array(z.enum(eventTypes)),
    description: z.string().nullable(),
    created_at: timestampSchema("ISO 8601"),
  })
  .meta({ id: "Webhook" });

export type Webhook = z.infer<typeof webhookSchema>;

const createdWebhookSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe("whsec_ + base64 of the signing key. Shown once: store it now (Standard Webhooks)."),
  })
  .meta({ id: "CreatedWebhook" });

const EVENTS_RULE = `events must list 1 to ${eventTypes.length} distinct types of ${eventTypes.join(", ")}`;
const URL_RULE = `url must be an absolute https:// URL of at most ${WEBHOOK_LIMITS.maxUrl} characters`;

export const createWebhookRequestSchema = z
  .strictObject({
    url: z
      .string(URL_RULE)
      .max(WEBHOOK_LIMITS.maxUrl, URL_RULE)
      .refine((value) => URL.canParse(value), URL_RULE)
      // https:// as the document says it: lib/webhooks/url-policy.ts refuses the rest (tests may allow loopback http).
      .meta({
        format: "uri",
        pattern: "^https://",
        description: "https only; the host must not be a private, link-local or loopback address",
      }),
    events: z
      .array(z.enum(eventTypes, EVENTS_RULE), EVENTS_RULE)
      .min(1, EVENTS_RULE)
      .max(eventTypes.length, EVENTS_RULE)
      .refine((list) => new Set(list).size === list.length, EVENTS_RULE)
      .meta({ uniqueItems: true }),
    description: z
      .string(`description must be a string of at most ${WEBHOOK_LIMITS.maxDescription} characters`)
      .max(
        WEBHOOK_LIMITS.maxDescription,
        `description must be at most ${WEBHOOK_LIMITS.maxDescription} characters`,
      )
      .nullable()
      .optional(),
  })
  .meta({
    id: "CreateWebhookRequest",
    examples: [
      {
        url: "https://example.com/hooks/numbers",
        events: ["order.completed", "number.assigned"],
        description: "Order sync",
      },
    ],
  });

export type CreateWebhookRequest = z.output<typeof createWebhookRequestSchema>;

const attemptSchema = z
  .object({
    attempted_at: timestampSchema("ISO 8601"),
    duration_ms: z.number().int(),
    response_status: z.number().int().nullable().describe("null when no answer came"),
    response_body: z.string().nullable().describe("The first 1 kB of the answer"),
    error: z.string().nullable().describe('Why no answer came, e.g. "timeout after 10 s"'),
  })
  .meta({ id: "DeliveryAttempt" });

const deliveryStatuses = ["pending", "succeeded", "failed"] as const;

const deliverySchema = z
  .object({
    delivery_id: z.string().describe("dlv_…"),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string().describe("One of the event types, or webhook.test"),
    status: z.enum(deliveryStatuses),
    attempt_count: z.number().int(),
    next_attempt_at: timestampSchema("ISO 8601; null once succeeded or failed").nullable(),
    created_at: timestampSchema("ISO 8601"),
    attempts: z.array(attemptSchema).describe("Oldest first"),
  })
  .meta({ id: "Delivery" });

export type Delivery = z.infer<typeof deliverySchema>;

const idParam = (name: string, prefix: string) =>
  documentedAs(
    z.string().regex(/^[A-Za-z0-9_]{1,64}$/, `${name} must look like ${prefix}_0123456789abcdef`),
    { type: "string", pattern: "^[A-Za-z0-9_]{1,64}$", examples: [`${prefix}_0123456789abcdef`] },
  );

export const webhookParamsSchema = z.strictObject({ webhook_id: idParam("webhook_id", "wh") });
export const deliveryParamsSchema = z.strictObject({
  webhook_id: idParam("webhook_id", "wh"),
  delivery_id: idParam("delivery_id", "dlv"),
});

export const webhookListQuerySchema = z.strictObject({
  ...pageQuery,
  organization_id: organizationIdFilterSchema,
});
export const deliveryListQuerySchema = z.strictObject(pageQuery);

export const webhookResponseSchema = z.object({ data: webhookSchema }).meta({ id: "WebhookResponse" });
export const createdWebhookResponseSchema = z
  .object({ data: createdWebhookSchema })
  .meta({ id: "CreatedWebhookResponse" });
export const webhookListResponseSchema = z
  .object({ data: z.array(webhookSchema) })
  .meta({ id: "WebhookListResponse" });
export const deliveryResponseSchema = z.object({ data: deliverySchema }).meta({ id: "DeliveryResponse" });
export const deliveryListResponseSchema = z
  .object({ data: z.array(deliverySchema) })
  .meta({ id: "DeliveryListResponse" });
export const noContentSchema = z.undefined();
