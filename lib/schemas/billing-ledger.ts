import { z } from "zod";
import {
  boundedInt,
  documentedAs,
  momentQuery,
  organizationIdFilterSchema,
  timestampSchema,
} from "@/lib/schemas/common";

// Billing accounts and the ledger (docs/API.md, "Charges and the ledger"). Amounts are strings with
// two decimals; ledger amounts are from the customer's side: a charge negative, a payment or
// credit positive. balance = the sum of the entries; available = balance + credit_limit.

const LEDGER_PAGE = { defaultLimit: 50, maxLimit: 200, maxOffset: 100_000 } as const;

const ledgerKinds = [
  "setup_fee",
  "prorated_fee",
  "recurring_fee",
  "tax",
  "payment",
  "credit",
  "reversal",
] as const;
const billingStandings = ["good_standing", "past_due", "suspended"] as const;

const CURRENCY = /^[A-Z]{3}$/;
const IDENTIFIER = /^[A-Za-z0-9_]{1,100}$/;
/** An amount as the API writes it: digits, and at most two decimals. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

const amountSchema = (description: string) =>
  z.string().meta({ description, examples: ["12.50"], pattern: "^-?\\d+\\.\\d{2}$" });
const daySchema = (description: string) => z.string().meta({ format: "date", description });

export const currencyParamSchema = z.strictObject({
  currency: z
    .string()
    .regex(CURRENCY, "currency must be an ISO 4217 code in capitals, such as EUR")
    .meta({ examples: ["EUR"] }),
});

export const billingAccountSchema = z
  .object({
    organization_id: z.string(),
    currency: z.string(),
    balance: amountSchema("The sum of the account's ledger entries: negative when the organization owes"),
    credit_limit: amountSchema("How far below zero the balance may go"),
    available: amountSchema("balance + credit_limit: what new charges may take"),
    uninvoiced: amountSchema("The sum of the entries on no invoice yet"),
    standing: z.enum(billingStandings),
    standing_since: timestampSchema(),
  })
  .meta({ id: "BillingAccount" });
export type BillingAccountView = z.output<typeof billingAccountSchema>;

export const billingAccountListQuerySchema = z.strictObject({
  organization_id: organizationIdFilterSchema.meta({
    description: "Support users: one organization's accounts; without it, every organization's.",
  }),
});

export const billingAccountListResponseSchema = z
  .object({ data: z.array(billingAccountSchema) })
  .meta({ id: "BillingAccountListResponse" });

export const creditLimitRequestSchema = z
  .strictObject({
    organization_id: z
      .string("organization_id is required: the organization whose limit changes")
      .min(1, "organization_id must not be empty")
      .max(200, "organization_id is at most 200 characters"),
    credit_limit: z
      .string('credit_limit must be an amount in a string, such as "250.00"')
      .regex(
        AMOUNT,
        "credit_limit must be an amount of zero or more with at most two decimals, such as 250.00",
      )
      .meta({ examples: ["250.00"] }),
  })
  .meta({ id: "CreditLimitRequest", examples: [{ organization_id: "org_acme", credit_limit: "250.00" }] });

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    currency: z.string(),
    kind: z.enum(ledgerKinds),
    amount: amountSchema("A charge negative, a payment or credit positive"),
    description: z.string(),
    number_id: z.string().nullable().describe("The number charged for (kept after it is gone)"),
    number_e164: z.string().nullable(),
    order_reference_id: z.string().nullable().describe("The order whose sale or back-order fill charged it"),
    period_start: daySchema("The first day the fee pays for").nullable(),
    period_end: daySchema("The day after the last day the fee pays for").nullable(),
    invoice_id: z.string().nullable().describe("The invoice it is a line of; null while uninvoiced"),
    reference: z
      .string()
      .nullable()
      .describe("A payment's reference, a credit's reason, the entry given back"),
    created_at: timestampSchema(),
  })
  .meta({ id: "LedgerEntry" });
export type LedgerEntryView = z.output<typeof ledgerEntrySchema>;

const ledgerFilters = {
  currency: z
    .string()
    .regex(CURRENCY, "currency must be an ISO 4217 code in capitals, such as EUR")
    .optional()
    .meta({ description: "Only this currency's entries." }),
  from: momentQuery("from", "Only entries created at or after this time."),
  to: momentQuery("to", "Only entries created before this time; after from."),
  kind: z
    .enum(ledgerKinds, `kind must be one of ${ledgerKinds.join(", ")}`)
    .optional()
    .meta({ description: "Only entries of this kind." }),
  number_id: z
    .string()
    .regex(IDENTIFIER, "number_id must be a number's id, such as num_…")
    .optional()
    .meta({ description: "Only the entries of this number." }),
  invoice_id: z
    .string()
    .regex(IDENTIFIER, "invoice_id must be an invoice's id, such as in_…")
    .optional()
    .meta({ description: "Only the entries on this invoice." }),
  organization_id: organizationIdFilterSchema.meta({
    description:
      "Support users: the organization whose ledger to read (required for them). A customer sending it gets 400.",
  }),
};

export const ledgerListQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, LEDGER_PAGE.maxLimit, LEDGER_PAGE.defaultLimit).meta({
    description: "Page size (ignored with format=csv, which has every match).",
  }),
  offset: boundedInt("offset", 0, LEDGER_PAGE.maxOffset, 0).meta({ description: "Entries to skip." }),
  ...ledgerFilters,
  format: documentedAs(z.enum(["json", "csv"], "format must be json or csv").default("json"), {
    type: "string",
    enum: ["json", "csv"],
    default: "json",
    description:
      "csv: every match as text/csv (header row, newest first), not one page: the answer of GET /billing/ledger/export.",
  }),
});
export type LedgerListQuery = z.output<typeof ledgerListQuerySchema>;

/** GET /billing/ledger/export: the list's filters; the export has every match, unpaged. */
export const ledgerExportQuerySchema = z.strictObject(ledgerFilters);
export type LedgerFilters = z.output<typeof ledgerExportQuerySchema>;

export const ledgerListResponseSchema = z
  .object({ data: z.array(ledgerEntrySchema) })
  .meta({ id: "LedgerEntryListResponse" });
