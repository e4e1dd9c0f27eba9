import { z } from "zod";
import { documentedAs, organizationIdFilterSchema, timestampSchema } from "@/lib/schemas/common";

// Balance alerts (docs/API.md "Billing"): "tell us when what we have available in GBP falls below
// 50.00". An alert fires once per crossing: it is armed while the account's available amount
// is at or above the threshold, firing disarms it, and rising back arms it again.

export const BILLING_ALERT_LIMITS = { maxPerOrganization: 10 } as const;

const CURRENCY_RULE = "currency must be a three-letter currency code, such as GBP";
const AMOUNT_RULE = "available_below must be an amount with at most two decimals, such as 50.00";
const POSITIVE_RULE = "available_below must be more than 0.00";

export const createBillingAlertRequestSchema = z
  .strictObject({
    currency: z
      .string(CURRENCY_RULE)
      .regex(/^[A-Za-z]{3}$/, CURRENCY_RULE)
      .transform((value) => value.toUpperCase())
      .describe("A currency the organization has a billing account in (GET /billing/accounts)"),
    available_below: documentedAs(
      z
        .string(AMOUNT_RULE)
        .regex(/^\d{1,9}(\.\d{1,2})?$/, AMOUNT_RULE)
        .refine((value) => /[1-9]/.test(value), POSITIVE_RULE),
      {
        type: "string",
        pattern: "^\\d{1,9}(\\.\\d{1,2})?$",
        description: "Fire when the account's available amount (balance + credit limit) falls below this",
        examples: ["50.00"],
      },
    ),
  })
  .meta({ id: "CreateBillingAlertRequest", examples: [{ currency: "GBP", available_below: "50.00" }] });

export type CreateBillingAlertRequest = z.output<typeof createBillingAlertRequestSchema>;

const billingAlertSchema = z
  .object({
    id: z.string().meta({ description: "bal_…", examples: ["bal_3f2a9c1e7b6d4a58b0c2e9f1a7d3b6c4"] }),
    currency: z.string().meta({ examples: ["GBP"] }),
    available_below: z.string().meta({ description: "Two decimals", examples: ["50.00"] }),
    armed: z
      .boolean()
      .describe("True while it may fire: available has been at or above available_below since it last fired"),
    last_triggered_at: timestampSchema("ISO 8601; null until it first fires").nullable(),
    created_at: timestampSchema("ISO 8601"),
  })
  .meta({ id: "BillingAlert" });

export type BillingAlert = z.infer<typeof billingAlertSchema>;

export const billingAlertResponseSchema = z
  .object({ data: billingAlertSchema })
  .meta({ id: "BillingAlertResponse" });
export const billingAlertListResponseSchema = z
  .object({ data: z.array(billingAlertSchema) })
  .meta({ id: "BillingAlertListResponse" });
export const billingAlertListQuerySchema = z.strictObject({ organization_id: organizationIdFilterSchema });
export const billingAlertParamsSchema = z.strictObject({
  alert_id: documentedAs(
    z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "alert_id must look like bal_0123456789abcdef"),
    {
      type: "string",
      pattern: "^[A-Za-z0-9_]{1,64}$",
      examples: ["bal_0123456789abcdef"],
    },
  ),
});

/** What billing.alert_triggered carries: the alert as it fired, and the account's amounts then. */
export const billingAlertTriggeredSchema = z.object({
  alert: billingAlertSchema,
  currency: z.string(),
  balance: z.string(),
  credit_limit: z.string(),
  available: z.string().describe("balance + credit_limit when the alert fired: below available_below"),
});
