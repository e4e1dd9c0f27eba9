import { z } from "zod";
import { billingAccountSchema, ledgerEntrySchema } from "@/lib/schemas/billing-ledger";

// Payments, credits and standing (docs/API.md "Payments, credits and dunning"): what support
// sends and what it is answered, and the data of the billing events these write. Amounts are
// strings with two decimals beside their currency, as everywhere in billing.

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** An amount that must be more than zero, with at most two decimals ("12.50"). */
function positiveAmount(field: string) {
  return z
    .string(`${field} is required: an amount such as 12.50`)
    .regex(AMOUNT, `${field} must be an amount such as 12.50, with at most two decimals`)
    .refine((value) => /[1-9]/.test(value), `${field} must be more than 0`)
    .meta({ example: "120.00" });
}

const organizationIdBody = z
  .string("organization_id is required: the organization whose account it is")
  .min(1, "organization_id must not be empty")
  .max(200, "organization_id is at most 200 characters");

const currencyBody = z
  .string("currency is required: a three-letter code such as EUR")
  .regex(/^[A-Z]{3}$/, "currency must be a three-letter code such as EUR")
  .meta({ example: "EUR" });

export const paymentRequestSchema = z
  .strictObject({
    organization_id: organizationIdBody,
    currency: currencyBody,
    amount: positiveAmount("amount"),
    reference: z
      .string("reference is required: the bank's or the payer's reference")
      .trim()
      .min(1, "reference must not be empty")
      .max(200, "reference is at most 200 characters"),
    received_at: z.iso
      .datetime({ offset: true, error: "received_at must be an ISO 8601 time such as 2026-11-28T09:30:00Z" })
      .meta({ description: "When the money arrived; not in the future." }),
  })
  .meta({
    id: "PaymentRequest",
    examples: [
      {
        organization_id: "org_acme",
        currency: "EUR",
        amount: "120.00",
        reference: "SEPA 2026-11-28 ACME",
        received_at: "2026-11-28T09:30:00Z",
      },
    ],
  });

export const creditRequestSchema = z
  .strictObject({
    organization_id: organizationIdBody,
    currency: currencyBody,
    amount: positiveAmount("amount"),
    reason: z
      .string("reason is required: why the organization is credited")
      .trim()
      .min(1, "reason must not be empty")
      .max(200, "reason is at most 200 characters"),
  })
  .meta({
    id: "CreditRequest",
    examples: [
      { organization_id: "org_acme", currency: "EUR", amount: "15.00", reason: "Outage of 2026-11-03" },
    ],
  });

export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export type CreditRequest = z.infer<typeof creditRequestSchema>;

const money = (description: string) => z.string().meta({ description, example: "120.00" });

const allocationSchema = z.object({
  invoice_id: z.string(),
  number: z.string().nullable(),
  amount: money("The part of the payment or credit that went to this invoice."),
});

export const paymentResponseSchema = z
  .object({
    // The payment or credit entry (positive), as GET /billing/ledger shows it.
    entry: ledgerEntrySchema,
    allocations: z.array(allocationSchema).meta({
      description:
        "The invoices it paid, oldest due first (open or uncollectible); what is left over stays on the balance.",
    }),
    // The account after it.
    account: billingAccountSchema,
  })
  .meta({ id: "PaymentRecorded" });

export type PaymentRecorded = z.infer<typeof paymentResponseSchema>;
