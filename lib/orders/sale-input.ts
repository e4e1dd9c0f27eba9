import { z } from "zod";

// What TypeScript hands the sale's SQL functions (prisma/functions: place_order, fill_backorders),
// parsed before it is sent. Every key the SQL reads of its input is one of these
// (lib/orders/sale-input.test.ts reads the function files and compares), so a key renamed on one
// side only fails a test instead of reading NULL at run time.

/** A moment as toISOString writes it. */
const moment = z.iso.datetime();
/** YYYY-MM-DD, a moment's UTC day: a bundle is valid through its valid_until day. */
const day = z.iso.date();
/** An amount in minor units, as a bigint's digits (JSON has no bigint). */
const minor = z.string().regex(/^-?\d+$/);
/** A country's national formats as lib/reference/phone.ts nationalFormats gives them. */
const formats = z.array(
  z.object({ leading: z.string().nullable(), pattern: z.string(), replacement: z.string() }).strict(),
);

/** An order item as place_order inserts it (order_item's columns). */
const itemInput = z
  .object({
    position: z.number().int(),
    kind: z.enum(["named_number", "geography"]),
    number_e164: z.string().nullable(),
    country_id: z.string(),
    number_type_id: z.string(),
    region_id: z.string().nullable(),
    product_id: z.number().int(),
    quantity: z.number().int().positive(),
    currency: z.string(),
    monthly_fee: z.string(),
    setup_fee: z.string(),
    estimated_lead_time: z.string().nullable(),
    bundle_id: z.string().nullable(),
  })
  .strict();

/** place_order's input: a new order, checked. */
export const placeOrderInputSchema = z
  .object({
    organization_id: z.string(),
    user_id: z.string().nullable(),
    token_id: z.string().nullable(),
    key: z.string().nullable(),
    hash: z.string(),
    reference_id: z.string(),
    contact_name: z.string(),
    reference_number: z.string().nullable(),
    now: moment,
    day,
    documents_due: moment,
    items: z.array(itemInput),
    unknown_numbers: z.array(z.string()),
    /** By country id. */
    formats: z.record(z.string(), formats),
    actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string() }).strict(),
    ip: z.string().nullable(),
    /** A new billing account's credit limit, in minor units (BILLING_DEFAULT_CREDIT_LIMIT). */
    default_credit_limit_minor: minor,
  })
  .strict();
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

/** fill_backorders' input: one stocked geography, and the moment of the fill. */
export const fillInputSchema = z
  .object({
    country_id: z.string(),
    number_type_id: z.string(),
    region_id: z.string(),
    now: moment,
    day,
    documents_due: moment,
    /** The country's. */
    formats,
    /** A new billing account's credit limit, in minor units (BILLING_DEFAULT_CREDIT_LIMIT). */
    default_credit_limit_minor: minor,
  })
  .strict();
export type FillInput = z.input<typeof fillInputSchema>;

/** What fill_backorders answers. */
export const fillAnswerSchema = z.object({
  assigned_numbers: z.number().int(),
  orders: z.array(
    z.object({
      reference_id: z.string(),
      status: z.enum(["completed", "partially_fulfilled", "backordered"]),
    }),
  ),
});
