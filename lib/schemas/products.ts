import { z } from "zod";
import { countryCodeSchema, documentedAs, numberTypeIdSchema } from "@/lib/schemas/common";
import { requiredDocumentSchema } from "@/lib/schemas/reference";

export const regionIdSchema = documentedAs(
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "region must be a region id such as US-NY-NEW_YORK-212"),
  {
    type: "string",
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    description: "A region id (GET /regions/{country})",
    examples: ["US-NY-NEW_YORK-212"],
  },
);

export const productParamsSchema = z.strictObject({ country: countryCodeSchema });
export const productTypeParamsSchema = z.strictObject({
  country: countryCodeSchema,
  number_type: numberTypeIdSchema,
});
export const productRegionParamsSchema = z.strictObject({
  country: countryCodeSchema,
  number_type: numberTypeIdSchema,
  region: regionIdSchema,
});

// docs/CONTRACT.md §6: the spec declares these as strings, so they stay strings ("4.50", "0", "500").
const decimalString = z.string().regex(/^(0|\d+\.\d+)$/);

const productSchema = z
  .object({
    id: z.string().describe("Numeric id, as a string"),
    name: z.string(),
    currency: z.string().describe("ISO 4217 code of every price of the product"),
    monthly_fee: decimalString.describe('Two decimals, or "0"'),
    setup_fee: decimalString.describe('Two decimals, or "0"'),
    included_minutes: z.string().regex(/^\d+$/),
    overage_fixed_rate_per_minute: decimalString.describe('Four decimals, or "0"'),
    overage_mobile_rate_per_minute: decimalString.describe('Four decimals, or "0"'),
    required_documents: z.array(requiredDocumentSchema),
    standard_capacity: z.string(),
    estimated_lead_time: z.string().describe('Free text with a unit, e.g. "5 days"'),
    geographic_restrictions: z.string(),
    mobile_accessible: z.string(),
    outside_country_display: z.string(),
    portable: z.string(),
  })
  .meta({ id: "Product" });

/** country code → number type → region id → products (empty levels omitted). */
export const productMapSchema = z
  .record(z.string(), z.record(z.string(), z.record(z.string(), z.array(productSchema))))
  .meta({ id: "ProductMap" });

export type Product = z.infer<typeof productSchema>;
export type ProductMap = z.infer<typeof productMapSchema>;
