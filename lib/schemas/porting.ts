import { z } from "zod";
import {
  documentedAs,
  numberTypeOutputSchema,
  organizationIdFilterSchema,
  pageQuery,
  timestampSchema,
} from "@/lib/schemas/common";
import { E164_PATTERN } from "@/lib/reference/e164";
import { numberTypeIds } from "@/lib/reference/number-types";

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
  "loa_signed",
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
    bill_document_id: z
      .string()
      .nullable()
      .describe("A recent bill from the losing carrier (a document of type bill), when one is attached"),
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
export const portOrderListResponseSchema = z
  .object({ data: z.array(portOrderSchema) })
  .meta({ id: "PortOrderListResponse" });

// ---------------------------------------------------------------- requests

/** At most this many numbers in one portability check or one POST /port_orders. */
const PORT_NUMBERS_MAX = 100;

const E164_MESSAGE = "must be an E.164 number such as +442079460123";
const NUMBERS_RULE = `numbers must list 1 to ${PORT_NUMBERS_MAX} distinct E.164 numbers`;
const portNumbersSchema = z
  .array(z.string(`numbers ${E164_MESSAGE}`).regex(E164_PATTERN, `numbers ${E164_MESSAGE}`), NUMBERS_RULE)
  .min(1, NUMBERS_RULE)
  .max(PORT_NUMBERS_MAX, NUMBERS_RULE)
  .refine((list) => new Set(list).size === list.length, NUMBERS_RULE)
  .meta({ uniqueItems: true });

const idParam = (name: string, prefix: string) =>
  documentedAs(
    z
      .string(`${name} must be an id`)
      .regex(/^[A-Za-z0-9_]{1,64}$/, `${name} must look like ${prefix}_0123456789abcdef`),
    {
      type: "string",
      pattern: "^[A-Za-z0-9_]{1,64}$",
      examples: [`${prefix}_0123456789abcdef`],
    },
  );

const text = (name: string, max: number) =>
  z
    .string(`${name} must be a string of 1 to ${max} characters`)
    .trim()
    .min(1, `${name} must not be blank`)
    .max(max, `${name} must be at most ${max} characters`);

// Checked by lib/porting/business-days.ts checkRequestedFocDate, which names the rule broken.
const focDateSchema = z
  .string("requested_foc_date must be a date written as YYYY-MM-DD")
  .meta({ format: "date", description: "A business day from earliest_foc_date to 30 days out" });

// The configuration the numbers get at submission: PUT /numbers/{id}'s body (name, rules, tags),
// checked by its validator when the order is created or changed.
const initialConfigurationSchema = z
  .record(z.string(), z.unknown(), "configuration must be an object like PUT /numbers/{id}'s body")
  .meta({ description: "PUT /numbers/{number_id}'s body ({name?, rules?, tags?}), applied at submission" });

// A recent bill, uploaded first with POST /documents (document type bill): checked by
// lib/porting/bill.ts to be the organization's and a bill.
const billDocumentId = idParam("bill_document_id", "doc").describe(
  "A recent bill from the losing carrier: a document of type bill (POST /documents) of the organization",
);

export const portabilityCheckRequestSchema = z
  .strictObject({ numbers: portNumbersSchema })
  .meta({ id: "PortabilityCheckRequest", examples: [{ numbers: ["+442079461010", "+442079461098"] }] });

/** Why a number cannot be ported in: here already, in another open port, the carrier's answer, or not sold here. */
const notPortableReasons = [
  "already_here",
  "port_in_progress",
  "carrier_refused",
  "not_in_service",
  "not_served",
] as const;

const portabilitySchema = z.object({
  number: z.string(),
  portable: z.boolean(),
  not_portable_reason: z.enum(notPortableReasons).nullable(),
  losing_carrier: z.string().nullable(),
  country: z.string().nullable(),
  number_type: z
    .string()
    .nullable()
    .meta({ enum: [...numberTypeIds] }),
  earliest_foc_date: z.string().meta({ format: "date" }).nullable().describe("For a portable number"),
});
export type Portability = z.infer<typeof portabilitySchema>;
export const portabilityCheckResponseSchema = z
  .object({ data: z.array(portabilitySchema) })
  .meta({ id: "PortabilityCheckResponse" });

const losingCarrierInput = {
  account_number: text("losing_carrier.account_number", 64),
  pin: text("losing_carrier.pin", 32).describe(
    "Write-only: encrypted, never answered (pin_set says it is kept)",
  ),
  authorized_person: text("losing_carrier.authorized_person", 200),
};

export const createPortOrderRequestSchema = z
  .strictObject({
    numbers: portNumbersSchema,
    end_user_id: idParam("end_user_id", "eu"),
    address_id: idParam("address_id", "adr"),
    losing_carrier: z.strictObject(losingCarrierInput, "losing_carrier must be an object"),
    requested_foc_date: focDateSchema,
    configuration: initialConfigurationSchema.optional(),
    bill_document_id: billDocumentId.optional(),
  })
  .meta({
    id: "CreatePortOrderRequest",
    examples: [
      {
        numbers: ["+442079461010", "+441614960011"],
        end_user_id: "eu_0123456789abcdef",
        address_id: "adr_0123456789abcdef",
        losing_carrier: { account_number: "ACC-42", pin: "9876", authorized_person: "Ada Lovelace" },
        requested_foc_date: "2027-01-27",
        configuration: { name: "Front desk", rules: [], tags: ["sales"] },
      },
    ],
  });
export type CreatePortOrderRequest = z.infer<typeof createPortOrderRequestSchema>;

export const updatePortOrderRequestSchema = z
  .strictObject({
    end_user_id: idParam("end_user_id", "eu").optional(),
    address_id: idParam("address_id", "adr").optional(),
    losing_carrier: z
      .strictObject(
        {
          account_number: losingCarrierInput.account_number.optional(),
          pin: losingCarrierInput.pin.optional(),
          authorized_person: losingCarrierInput.authorized_person.optional(),
        },
        "losing_carrier must be an object",
      )
      .optional(),
    requested_foc_date: focDateSchema.optional(),
    configuration: initialConfigurationSchema.nullable().optional(),
    bill_document_id: billDocumentId.nullable().optional(),
  })
  .meta({ id: "UpdatePortOrderRequest", examples: [{ losing_carrier: { pin: "2468" } }] });
export type UpdatePortOrderRequest = z.infer<typeof updatePortOrderRequestSchema>;

export const focChangeRequestSchema = z
  .strictObject({ requested_foc_date: focDateSchema })
  .meta({ id: "FocChangeRequest", examples: [{ requested_foc_date: "2027-02-01" }] });

export const portOrderCommentRequestSchema = z.strictObject({ body: text("body", 2000) }).meta({
  id: "PortOrderCommentRequest",
  examples: [{ body: "Please keep the old greeting until the FOC." }],
});

export const portOrderParamsSchema = z.strictObject({ port_order_id: idParam("port_order_id", "po") });

export const portOrderListQuerySchema = z.strictObject({
  ...pageQuery,
  status: z
    .enum(portOrderStatuses, `status must be one of ${portOrderStatuses.join(", ")}`)
    .optional()
    .meta({ description: "Only orders in this status" }),
  organization_id: organizationIdFilterSchema,
});
export type PortOrderListQuery = z.output<typeof portOrderListQuerySchema>;

export const portOrderTimelineQuerySchema = z.strictObject({ ...pageQuery });

const timelineEntrySchema = z
  .object({
    event_id: z.string().describe("poe_…"),
    kind: z.enum(portOrderEventKinds),
    from_status: z.enum(portOrderStatuses).nullable(),
    to_status: z.enum(portOrderStatuses).nullable(),
    actor: z.object({
      kind: z.enum(portActorKinds),
      id: z.string().nullable(),
      name: z
        .string()
        .nullable()
        .describe(
          "Who, in words: a member's name (or email), a token's name, Support for the port desk, the losing carrier, the LOA's signer; null when the member or token no longer exists",
        ),
    }),
    body: z.string().nullable().describe("A comment's text, a carrier's note, or who signed the LOA"),
    details: z
      .unknown()
      .describe(
        "exception: [{code, field, message}]; foc_changed: {field, from, to}; loa_signed: {document_id, sha256, signer_address, signer: {name, email}}",
      ),
    created_at: timestampSchema(),
  })
  .meta({ id: "PortOrderEvent" });
export type PortOrderTimelineEntry = z.infer<typeof timelineEntrySchema>;
export const portOrderTimelineResponseSchema = z
  .object({ data: z.array(timelineEntrySchema) })
  .meta({ id: "PortOrderTimelineResponse" });
export const portOrderCommentResponseSchema = z
  .object({ data: timelineEntrySchema })
  .meta({ id: "PortOrderCommentResponse" });
export const noContentSchema = z.undefined();
