import { z } from "zod";
import { E164_PATTERN } from "@/lib/reference/e164";
import {
  countryCodeSchema,
  numberTypeIdSchema,
  numberTypeOutputSchema,
  timestampSchema,
} from "@/lib/schemas/common";
import { ORDER_LIMITS } from "@/lib/schemas/limits";
import { orderChargesSchema, productIdSchema } from "@/lib/schemas/orders";
import { regionIdSchema } from "@/lib/schemas/products";

// The portal's cart (docs/CONTRACT.md §12): GET /cart, PUT /cart, POST /cart/renew, DELETE /cart.
// A portal session only; each person has their own.

const E164_MESSAGE = "must be an E.164 number such as +12125550123";
const QUANTITY_MESSAGE = `must be a whole number from 1 to ${ORDER_LIMITS.maxQuantity}`;
const LINES_MESSAGE = `lines must list 0 to ${ORDER_LIMITS.maxItems} cart lines`;

const namedLineInputSchema = z.strictObject({
  kind: z.literal("number"),
  number_e164: z.string(E164_MESSAGE).regex(E164_PATTERN, E164_MESSAGE),
  product_id: productIdSchema.nullable().optional().describe("Absent or null: the region's cheapest"),
});

const geographyLineInputSchema = z.strictObject({
  kind: z.literal("geography"),
  country: countryCodeSchema,
  number_type: numberTypeIdSchema,
  region: regionIdSchema,
  product_id: productIdSchema,
  quantity: z
    .number(QUANTITY_MESSAGE)
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(ORDER_LIMITS.maxQuantity, QUANTITY_MESSAGE),
});

export const putCartRequestSchema = z
  .strictObject({
    lines: z
      .array(
        z.discriminatedUnion("kind", [namedLineInputSchema, geographyLineInputSchema], {
          error: 'kind must be "number" or "geography"',
        }),
        LINES_MESSAGE,
      )
      .max(ORDER_LIMITS.maxItems, LINES_MESSAGE)
      .describe(
        "The whole cart, in order. A named number new to the cart is held for your organization; one left out is released.",
      ),
  })
  .meta({
    id: "PutCartRequest",
    examples: [
      {
        lines: [
          { kind: "number", number_e164: "+12125550123" },
          {
            kind: "geography",
            country: "US",
            number_type: "local",
            region: "US-NY-NEW_YORK-212",
            product_id: "12",
            quantity: 2,
          },
        ],
      },
    ],
  });

export type PutCartRequest = z.output<typeof putCartRequestSchema>;
export type CartLineInput = PutCartRequest["lines"][number];

const cartProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    monthly_fee: z.string(),
    setup_fee: z.string(),
    estimated_lead_time: z.string(),
  })
  .meta({ id: "CartProduct" });

const holdStates = ["held", "hold_ended", "sold", "held_by_another", "not_in_inventory"] as const;
export type HoldState = (typeof holdStates)[number];

const cartLineSchema = z
  .object({
    key: z.string().describe("The line's identity in the cart: the number, or country/type/region/product"),
    kind: z.enum(["number", "geography"]),
    number_e164: z.string().nullable(),
    country: z.string(),
    number_type: numberTypeOutputSchema,
    region: z.string(),
    region_name: z.string(),
    product: cartProductSchema.nullable().describe("null for a named number: the region's cheapest"),
    quantity: z.number().int(),
    hold: z
      .object({
        state: z
          .enum(holdStates)
          .describe(
            "held (until held_until), hold_ended (renew to hold again), sold, held_by_another, not_in_inventory",
          ),
        held_until: timestampSchema("ISO 8601, while held").nullable(),
      })
      .nullable()
      .describe("A named number's hold; null for a geography line"),
    documents: z
      .object({
        document_type_ids: z
          .array(z.string())
          .describe("The document types the line's numbers need (GET /document_types names them)"),
        due_if_bought_now: timestampSchema("ISO 8601").describe(
          "When a number of this line bought now would be released unless an approved bundle covers it by then (now + DOCUMENTS_DUE_DAYS)",
        ),
      })
      .nullable()
      .describe(
        "Set when the line's numbers need documents that no approved bundle of the organization covers: bought, they wait in pending_documents and no call is routed to them. null: they are active at once",
      ),
  })
  .meta({ id: "CartLine" });

export type CartLineOut = z.infer<typeof cartLineSchema>;

export const cartResponseSchema = z
  .object({
    data: z
      .object({
        lines: z.array(cartLineSchema),
        charges: z
          .array(orderChargesSchema)
          .describe(
            "Per currency, what checking the cart out now would charge: setup fees and the rest of this month (UTC, by day) now, the monthly fees from the 1st of next month. A named number without a product is priced at its region's cheapest; one that cannot be bought (sold, held by another) is left out; numbers back-ordered are charged when they arrive",
          ),
      })
      .meta({ id: "Cart" }),
  })
  .meta({ id: "CartResponse" });

export type ServerCart = z.infer<typeof cartResponseSchema>["data"];
