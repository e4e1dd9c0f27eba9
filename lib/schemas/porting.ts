import { z } from "zod";
import { numberTypeOutputSchema, timestampSchema } from "@/lib/schemas/common";

// The port-in vocabulary (docs/CONTRACT.md §20), below every domain so schemas, the state table
// (lib/porting/port-order-states.ts), the carrier adapters and the portal share one spelling.
// Each list is the database enum of the same name (prisma/schema.prisma), in its order.

/** port_order.status. */
export const portOrderStatuses = [
  "draft",
  "submitted",
  "exception",
  "foc_confirmed",
  "activating",
  "ported",
  "partially_ported",
  "cancel_pending",
  "cancelled",
] as const;
export type PortOrderStatus = (typeof portOrderStatuses)[number];

/**
 * port_order_number.status: draft while its order is a draft (it blocks nobody), pending from
 * submission while the order is open; a number is pending in one order at most.
 */
export const portNumberStatuses = ["draft", "pending", "ported", "failed", "cancelled"] as const;

/** port_order_event.kind: the timeline's entries. */
export const portOrderEventKinds = [
  "status_changed",
  "foc_changed",
  "comment",
  "exception",
  "carrier_note",
] as const;

/** port_order_event.actor_kind: who wrote an entry. */
export const portActorKinds = ["member", "token", "support", "system"] as const;

/**
 * What a losing carrier refuses an order for, with the field the customer must fix
 * (`details: [{code, field, message}]` of an exception). A real carrier's reasons map onto these.
 */
export const portExceptionFields = {
  account_number_mismatch: "losing_carrier.account_number",
  pin_mismatch: "losing_carrier.pin",
  authorized_person_mismatch: "losing_carrier.authorized_person",
  address_mismatch: "address_id",
  other: "",
} as const;
export type PortExceptionCode = keyof typeof portExceptionFields;

/** One item of an exception's details. */
export type PortExceptionDetail = { code: PortExceptionCode; field: string; message: string };

// ---------------------------------------------------------------- a port order as the API shows it

const portNumberSchema = z.object({
  number: z.string().describe("E.164"),
  status: z.enum(portNumberStatuses),
  failure_reason: z.string().nullable().describe("Why the carrier failed this number (a partial port)"),
  number_id: z.string().nullable().describe("Its configuration (GET /numbers/{id}) from submission on"),
});

const exceptionDetailSchema = z.object({
  code: z.string().describe(`One of ${Object.keys(portExceptionFields).join(", ")}`),
  field: z.string().describe("The field of the order to change before resubmitting"),
  message: z.string(),
});

const portOrderSchema = z
  .object({
    port_order_id: z.string().describe("po_…"),
    organization_id: z.string(),
    status: z.enum(portOrderStatuses),
    country: z.string(),
    number_type: numberTypeOutputSchema,
    numbers: z.array(portNumberSchema),
    end_user_id: z.string(),
    address_id: z.string(),
    losing_carrier: z.object({
      name: z.string(),
      account_number: z.string(),
      authorized_person: z.string(),
      pin_set: z.boolean().describe("The PIN is write-only: this says whether one is kept"),
    }),
    requested_foc_date: z.string().meta({ format: "date" }),
    foc_at: timestampSchema("The confirmed cut-over, once the carrier gave it").nullable(),
    configuration: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The configuration each number gets at submission ({name?, rules?, tags?})"),
    loa_signed: z.boolean(),
    loa_document_id: z.string().nullable(),
    exception: z.array(exceptionDetailSchema).nullable().describe("While in exception: what to fix"),
    allowed_actions: z.array(z.string()).describe("What a customer may do now"),
    version: z.number().int().describe("Also the ETag; send it as If-Match to change the order"),
    submitted_at: timestampSchema().nullable(),
    cancel_requested_at: timestampSchema().nullable(),
    completed_at: timestampSchema().nullable(),
    created_at: timestampSchema(),
    updated_at: timestampSchema(),
  })
  .meta({ id: "PortOrder" });
export type PortOrderView = z.infer<typeof portOrderSchema>;

export const portOrderResponseSchema = z.object({ data: portOrderSchema }).meta({ id: "PortOrderResponse" });
