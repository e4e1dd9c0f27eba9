import { z } from "zod";
import { E164_PATTERN } from "@/lib/reference/e164";
import {
  boundedInt,
  countryCodeSchema,
  documentedAs,
  documentedShapes,
  NOT_BLANK,
  numberTypeIdSchema,
  numberTypeOutputSchema,
  organizationIdFilterSchema,
  timestampSchema,
} from "@/lib/schemas/common";
import { ORDER_LIMITS } from "@/lib/schemas/limits";
import { regionIdSchema } from "@/lib/schemas/products";
import { requiredDocumentSchema } from "@/lib/schemas/reference";

const E164_MESSAGE = "must be an E.164 number such as +12125550123";

// Declared a string by the spec, but its own samples show product ids as numbers: take both.
const PRODUCT_ID_MESSAGE = 'must be a product id such as "12"';
export const productIdSchema = z
  .union(
    [
      z.string().regex(/^[1-9]\d{0,8}$/, PRODUCT_ID_MESSAGE),
      z.number().int(PRODUCT_ID_MESSAGE).min(1, PRODUCT_ID_MESSAGE).max(999_999_999, PRODUCT_ID_MESSAGE),
    ],
    PRODUCT_ID_MESSAGE,
  )
  .transform(Number);

const QUANTITY_MESSAGE = `must be an integer between 1 and ${ORDER_LIMITS.maxQuantity}`;
const e164Schema = z.string(E164_MESSAGE).regex(E164_PATTERN, E164_MESSAGE);
const BUNDLE_MESSAGE = "must be a bundle id such as bnd_0123456789abcdef";
const bundleIdSchema = z
  .string(BUNDLE_MESSAGE)
  .regex(/^bnd_[A-Za-z0-9]{1,60}$/, BUNDLE_MESSAGE)
  .meta({
    description:
      "An approved compliance bundle of your organization for the item's country and number type (POST /bundles): the numbers it covers are active at once, and a geography item may take numbers needing the bundle's documents.",
  });
const quantitySchema = z
  .number(QUANTITY_MESSAGE)
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(ORDER_LIMITS.maxQuantity, QUANTITY_MESSAGE);

// The two shapes an item takes, as the document and generated clients show them.
const namedOrderItemSchema = z
  .strictObject({
    number_e164: e164Schema.describe("The number to buy (GET /inventory lists them)"),
    product_id: productIdSchema.optional().describe("Absent: the cheapest product that sells it"),
    quantity: z.literal(1).optional(),
    bundle_id: bundleIdSchema.optional(),
  })
  .meta({ id: "NamedOrderItem", description: "One number by name." });

const geographicOrderItemSchema = z
  .strictObject({
    country: countryCodeSchema,
    number_type: numberTypeIdSchema,
    region: regionIdSchema.optional().describe("Required for local numbers"),
    product_id: productIdSchema.optional().describe("Absent: the region's cheapest product"),
    quantity: quantitySchema.optional().describe("Default 1"),
    bundle_id: bundleIdSchema.optional(),
  })
  .meta({
    id: "GeographicOrderItem",
    description: "Any numbers of a type in a country (and, for local numbers, a region).",
    if: { properties: { number_type: { const: "local" } }, required: ["number_type"] },
    then: { required: ["region"] },
  });

// One object checked by hand, so a bad item names its missing field rather than "no shape matched".
const orderItemInputSchema = z
  .strictObject({
    number_e164: e164Schema.optional(),
    country: countryCodeSchema.optional(),
    number_type: numberTypeIdSchema.optional(),
    region: regionIdSchema.optional(),
    product_id: productIdSchema.optional(),
    quantity: quantitySchema.optional(),
    bundle_id: bundleIdSchema.optional(),
  })
  .superRefine((item, context) => {
    if (item.number_e164 !== undefined) {
      if (item.quantity !== undefined && item.quantity !== 1) {
        context.addIssue({
          code: "custom",
          path: ["quantity"],
          input: item.quantity,
          message: "must be 1 (or absent) for a named number",
        });
      }
      return;
    }
    if (item.country === undefined) {
      context.addIssue({
        code: "custom",
        path: ["country"],
        input: undefined,
        message: "is required unless number_e164 names a number",
      });
    } else if (item.number_type === undefined) {
      context.addIssue({
        code: "custom",
        path: ["number_type"],
        input: undefined,
        message: "is required unless number_e164 names a number",
      });
    } else if (item.number_type === "local" && item.region === undefined) {
      context.addIssue({
        code: "custom",
        path: ["region"],
        input: undefined,
        message: "is required for local numbers",
      });
    }
  });

documentedShapes.set(
  orderItemInputSchema,
  z.xor([namedOrderItemSchema, geographicOrderItemSchema]).meta({ id: "OrderItemRequest" }),
);

/** An order item after parsing: either a named number or a geography with a quantity. */
export type OrderItemInput = z.output<typeof orderItemInputSchema>;

export const orderRequestSchema = z
  .strictObject({
    contact_name: z
      .string(`contact_name is required: 1 to ${ORDER_LIMITS.maxContactName} characters`)
      .trim()
      .min(1, `contact_name must be 1 to ${ORDER_LIMITS.maxContactName} characters`)
      .max(ORDER_LIMITS.maxContactName, `contact_name must be 1 to ${ORDER_LIMITS.maxContactName} characters`)
      .meta(NOT_BLANK),
    reference_number: z
      .string(`reference_number must be a string of at most ${ORDER_LIMITS.maxReference} characters`)
      .max(
        ORDER_LIMITS.maxReference,
        `reference_number must be at most ${ORDER_LIMITS.maxReference} characters`,
      )
      .optional(),
    items: z
      .array(orderItemInputSchema, `items must be a list of 1 to ${ORDER_LIMITS.maxItems} items`)
      .min(1, `items must be a list of 1 to ${ORDER_LIMITS.maxItems} items`)
      .max(ORDER_LIMITS.maxItems, `items must be a list of 1 to ${ORDER_LIMITS.maxItems} items`),
  })
  .superRefine((order, context) => {
    const total = order.items.reduce((sum, item) => sum + (item.quantity ?? 1), 0);
    if (total > ORDER_LIMITS.maxNumbers) {
      context.addIssue({
        code: "custom",
        path: ["items"],
        input: total,
        message: `items may ask for at most ${ORDER_LIMITS.maxNumbers} numbers in all`,
      });
    }
  })
  .meta({
    id: "OrderRequest",
    // An example that works when copied: two local numbers in a region the demo data sells
    // (back-ordered if it has run out). A named number would be sold, or not in inventory, and
    // refuse the whole order with 409; the item's schema shows that shape.
    examples: [
      {
        contact_name: "Ada Lovelace",
        reference_number: "PO-1042",
        items: [{ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity: 2 }],
      },
    ],
  });

export type OrderRequest = z.output<typeof orderRequestSchema>;

const numberDocumentsSchema = z
  .array(requiredDocumentSchema)
  .describe("The documents the number requires before it can be used; empty when none");

const placedNumberSchema = z
  .object({
    number_e164: z.string(),
    position: z.number().int().describe("The item of the request the number was bought for (0-based)"),
    required_documents: numberDocumentsSchema,
    status: z
      .enum(["active", "pending_documents"])
      .describe(
        "active, or pending_documents: no approved bundle of yours covers its required documents yet (no call is routed until one does)",
      ),
    documents_due: timestampSchema("ISO 8601")
      .nullable()
      .describe(
        "While pending_documents: the deadline for an approved bundle, after which the number is released",
      ),
  })
  .meta({ id: "PlacedNumber" });

/** What the numbers an order bought were charged at the sale, in one currency (docs/API.md, "Charges and the ledger"). */
export const orderChargesSchema = z
  .object({
    currency: z.string(),
    setup_fees: z.string().describe("The setup fees of the numbers bought, charged now"),
    prorated_fees: z.string().describe("Their monthly fees for the rest of this month (UTC), charged now"),
    total_now: z.string().describe("setup_fees + prorated_fees: what the order took from the account"),
    monthly: z.string().describe("Their monthly fees, charged on the 1st from next month"),
  })
  .meta({ id: "OrderCharges" });

export const orderPlacedSchema = z
  .object({
    data: z.object({
      reference_id: z.string(),
      numbers: z
        .array(placedNumberSchema)
        .describe("Every number the order bought, by item and then number, with its required documents"),
      charges: z
        .array(orderChargesSchema)
        .describe(
          "Per currency of the numbers bought (none back-ordered yet): what was charged now, and monthly",
        ),
    }),
  })
  .meta({ id: "OrderResponse" });
export type OrderPlaced = z.infer<typeof orderPlacedSchema>;

const orderStatusSchema = z
  .enum(["completed", "backordered", "partially_fulfilled"])
  .meta({ id: "OrderStatus" });

const orderItemSchema = z
  .object({
    position: z.number().int().describe("0-based index of the item in the request"),
    kind: z.enum(["named_number", "geography"]),
    number_e164: z.string().nullable().describe("The number asked for, for a named number"),
    country: z.string(),
    number_type: numberTypeOutputSchema,
    region: z.string().nullable(),
    product: z.object({ id: z.string(), name: z.string() }),
    currency: z.string(),
    monthly_fee: z.string(),
    setup_fee: z.string(),
    quantity: z.number().int(),
    assigned_numbers: z.array(z.string()).describe("E.164 numbers bought so far, by number"),
    numbers: z
      .array(
        z
          .object({ number_e164: z.string(), required_documents: numberDocumentsSchema })
          .meta({ id: "AssignedNumber" }),
      )
      .describe("The same numbers as assigned_numbers, each with the documents it requires"),
    backordered_quantity: z.number().int(),
    estimated_lead_time: z.string(),
    bundle_id: z.string().nullable().describe("The approved compliance bundle the item named, if any"),
  })
  .meta({ id: "OrderItem" });

const orderSchema = z
  .object({
    reference_id: z.string(),
    organization_id: z.string(),
    status: orderStatusSchema,
    created_at: timestampSchema("ISO 8601"),
    contact_name: z.string(),
    reference_number: z.string().nullable(),
    numbers_waiting_for_documents: z
      .number()
      .int()
      .describe(
        "How many of the order's numbers are pending_documents now: bought, but no call is routed to them until an approved bundle covers their documents. status says only whether the numbers arrived.",
      ),
    items: z.array(orderItemSchema),
  })
  .meta({ id: "Order" });

export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ data: orderSchema }).meta({ id: "OrderDetailResponse" });
export const orderListResponseSchema = z
  .object({ data: z.array(orderSchema) })
  .meta({ id: "OrderListResponse" });

const ORDER_PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;

export const orderListQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, ORDER_PAGE.maxLimit, ORDER_PAGE.defaultLimit).meta({
    description: "Page size.",
  }),
  offset: boundedInt("offset", 0, ORDER_PAGE.maxOffset, 0).meta({ description: "Orders to skip." }),
  organization_id: organizationIdFilterSchema,
});

export const orderParamsSchema = z.strictObject({
  reference_id: documentedAs(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "reference_id must look like ORD-ABCDEFGHJK")
      .transform((value) => value.toUpperCase()),
    {
      type: "string",
      pattern: "^[A-Za-z0-9-]{1,64}$",
      description: "The order's reference_id, any case.",
      examples: ["ORD-OCCHO6HESU"],
    },
  ),
});

const IDEMPOTENCY_KEY_RULE = "Idempotency-Key must be 1 to 255 characters.";
export const idempotencyKeySchema = z.string().min(1, IDEMPOTENCY_KEY_RULE).max(255, IDEMPOTENCY_KEY_RULE);
