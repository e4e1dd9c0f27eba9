import { z } from "zod";
import { boundedInt, documentedAs, organizationIdFilterSchema, timestampSchema } from "@/lib/schemas/common";
import { orderResponseSchema } from "@/lib/schemas/orders";
import { numberConfigurationResponseSchema } from "@/lib/schemas/numbers/responses";
import { reservationResponseSchema } from "@/lib/schemas/reservations";
import { jobSchema } from "@/lib/schemas/jobs";
import { bundleResponseSchema } from "@/lib/schemas/compliance-bundles";
import { invoiceSchema } from "@/lib/schemas/invoices";
import { billingAlertTriggeredSchema } from "@/lib/schemas/billing-alerts";
import { paymentResponseSchema } from "@/lib/schemas/billing-payments";
import { billingAccountSchema } from "@/lib/schemas/billing-ledger";
import { portOrderResponseSchema } from "@/lib/schemas/porting";
import { portOutRequestSchema } from "@/lib/schemas/numbers/port-out";

// Events (docs/CONTRACT.md §14): what happened to an organization's orders, numbers and holds. `data`
// is the resource as its own endpoint shows it, through that endpoint's schema (no second copy).

export const eventTypes = [
  "order.created",
  "order.backorder_filled",
  "order.completed",
  "number.assigned",
  "number.configuration_changed",
  "reservation.expired",
  "number.released",
  "number.restored",
  "job.completed",
  "number.activated",
  "number.documents_overdue",
  "bundle.status_changed",
  "invoice.finalized",
  "invoice.voided",
  "billing.alert_triggered",
  "invoice.paid",
  "billing.standing_changed",
  "billing.payment_recorded",
  "port_order.status_changed",
  "port_order.foc_changed",
  "number.port_out_requested",
] as const;
export type EventType = (typeof eventTypes)[number];

/** Sent by "send test event" only; never recorded for GET /events. */
export const TEST_EVENT_TYPE = "webhook.test";

const orderData = orderResponseSchema.shape.data;
const numberData = numberConfigurationResponseSchema.shape.data;
const reservationData = reservationResponseSchema.shape.data;
const bundleData = bundleResponseSchema.shape.data;
const portOrderData = portOrderResponseSchema.shape.data;

/** What each type carries, so a caller recording an event cannot pair a type with the wrong resource. */
export type EventData = {
  "order.created": z.infer<typeof orderData>;
  "order.backorder_filled": z.infer<typeof orderData>;
  "order.completed": z.infer<typeof orderData>;
  "number.assigned": z.infer<typeof numberData>;
  "number.configuration_changed": z.infer<typeof numberData>;
  "reservation.expired": z.infer<typeof reservationData>;
  "number.released": z.infer<typeof numberData>;
  "number.restored": z.infer<typeof numberData>;
  "job.completed": z.infer<typeof jobSchema>;
  "number.activated": z.infer<typeof numberData>;
  "number.documents_overdue": z.infer<typeof numberData>;
  "bundle.status_changed": z.infer<typeof bundleData>;
  "invoice.finalized": z.infer<typeof invoiceSchema>;
  "invoice.voided": z.infer<typeof invoiceSchema>;
  "billing.alert_triggered": z.infer<typeof billingAlertTriggeredSchema>;
  "invoice.paid": z.infer<typeof invoiceSchema>;
  "billing.standing_changed": z.infer<typeof billingAccountSchema>;
  "billing.payment_recorded": z.infer<typeof paymentResponseSchema>;
  "port_order.status_changed": z.infer<typeof portOrderData>;
  "port_order.foc_changed": z.infer<typeof portOrderData>;
  "number.port_out_requested": z.infer<typeof portOutRequestSchema>;
};

const eventBase = {
  id: z.string().describe("evt_…: unique and stable; the Webhook-Id of its deliveries"),
  created_at: timestampSchema("ISO 8601"),
  organization_id: z.string(),
};

const variant = <T extends EventType, D extends z.ZodType>(type: T, data: D, description: string) =>
  z.object({ ...eventBase, type: z.literal(type).describe(description), data });

const eventSchema = z
  .discriminatedUnion("type", [
    variant("order.created", orderData, "An order was placed; data is the order"),
    variant("order.backorder_filled", orderData, "Back-ordered numbers were assigned to the order"),
    variant("order.completed", orderData, "Every number of the order is assigned"),
    variant("number.assigned", numberData, "A number was bought by the organization"),
    variant("number.configuration_changed", numberData, "A number's configuration was changed"),
    variant("reservation.expired", reservationData, "A hold ran out without the number being bought"),
    variant("number.released", numberData, "A number was released: it is aging until restorable_until"),
    variant("number.restored", numberData, "A released number was restored with its configuration"),
    variant("job.completed", jobSchema, "A bulk job did every number it could; data is the job"),
    variant(
      "number.activated",
      numberData,
      "A number pending documents became active: an approved bundle covers them (or the order named one)",
    ),
    variant(
      "number.documents_overdue",
      numberData,
      "A number was still pending documents at documents_due and was released; data is the number, aging",
    ),
    variant("bundle.status_changed", bundleData, "A compliance bundle changed status; data is the bundle"),
    variant(
      "invoice.finalized",
      invoiceSchema,
      "An invoice or credit note was finalized (numbered); data is the invoice without its lines",
    ),
    variant("invoice.voided", invoiceSchema, "An invoice was voided; data is the invoice, void"),
    variant(
      "billing.alert_triggered",
      billingAlertTriggeredSchema,
      "An account's available amount fell below a billing alert's threshold (once per crossing); data is the alert and the account's amounts",
    ),
    variant(
      "invoice.paid",
      invoiceSchema,
      "Payments and credits paid an invoice in full; data is the invoice",
    ),
    variant(
      "billing.standing_changed",
      billingAccountSchema,
      "A billing account became past_due, suspended, or good_standing again; data is the account",
    ),
    variant(
      "billing.payment_recorded",
      paymentResponseSchema,
      "Support recorded a payment or a credit; data is the entry, the invoices it paid and the account",
    ),
    variant(
      "port_order.status_changed",
      portOrderData,
      "A port-in order changed status (submitted, FOC confirmed, exception, ported, cancelled, …); data is the order",
    ),
    variant(
      "port_order.foc_changed",
      portOrderData,
      "A port-in order's FOC moved: a new requested date, or the carrier moved the confirmed one; data is the order",
    ),
    variant(
      "number.port_out_requested",
      portOutRequestSchema,
      "Another carrier asked to port a number away (logged by support): accepted or refused; the number stays either way. data is the request",
    ),
  ])
  .meta({ id: "Event" });

export type Event = z.infer<typeof eventSchema>;

const EVENT_PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;

const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9]{1,60}$/;

export const eventListQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, EVENT_PAGE.maxLimit, EVENT_PAGE.defaultLimit).meta({
    description: "Page size.",
  }),
  offset: boundedInt("offset", 0, EVENT_PAGE.maxOffset, 0).meta({ description: "Events to skip." }),
  type: documentedAs(z.enum(eventTypes, `type must be one of ${eventTypes.join(", ")}`).optional(), {
    type: "string",
    enum: [...eventTypes],
    description: "Only events of this type.",
  }),
  after: documentedAs(
    z.string().regex(EVENT_ID_PATTERN, "after must be an event id such as evt_0123456789abcdef").optional(),
    {
      type: "string",
      pattern: EVENT_ID_PATTERN.source,
      description:
        "Only events after this one, oldest first: poll with the last id you saw to receive every event once, in order.",
    },
  ),
  organization_id: organizationIdFilterSchema,
});

export const eventListResponseSchema = z
  .object({ data: z.array(eventSchema) })
  .meta({ id: "EventListResponse" });
