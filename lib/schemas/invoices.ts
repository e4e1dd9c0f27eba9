import { z } from "zod";
import {
  documentedAs,
  instantRangeMessage,
  isStorableInstant,
  organizationIdFilterSchema,
  pageQuery,
  timestampSchema,
} from "@/lib/schemas/common";

// Invoices and credit notes as the API shows them: charges positive, amounts as strings with two
// decimals beside the currency; a draft (the upcoming preview) has no number.

export const invoiceStatuses = ["draft", "open", "paid", "void", "uncollectible"] as const;
const invoiceKinds = ["invoice", "credit_note"] as const;
const taxTreatments = ["domestic", "reverse_charge", "outside_scope"] as const;

const amount = (description: string) =>
  z.string().meta({ description: `${description}, two decimals`, examples: ["12.50"] });
const day = (description: string) => z.string().meta({ format: "date", description });

const partySeller = z
  .object({ name: z.string(), address: z.string(), country: z.string(), vat_id: z.string().nullable() })
  .meta({ id: "InvoiceSeller" });
const partyBuyer = z
  .object({
    legal_name: z.string().nullable(),
    address: z.string().nullable(),
    country: z.string().nullable(),
    vat_id: z.string().nullable(),
  })
  .meta({
    id: "InvoiceBuyer",
    description: "As the billing profile was when finalized; nulls when it had none.",
  });

export const invoiceSchema = z
  .object({
    id: z.string().meta({ description: "in_…" }),
    number: z
      .string()
      .nullable()
      .meta({ description: "INV-YYYY-NNNNNN or CN-YYYY-NNNNNN; null for a draft" }),
    kind: z.enum(invoiceKinds),
    status: z.enum(invoiceStatuses),
    organization_id: z.string(),
    currency: z.string(),
    period_start: day("The period's first day"),
    period_end: day("The day after the period's last (exclusive)"),
    issued_at: timestampSchema().nullable(),
    due_at: timestampSchema().nullable(),
    subtotal: amount("The lines before tax"),
    tax: amount("The tax"),
    total: amount("subtotal + tax"),
    amount_paid: amount("Paid or credited so far"),
    amount_due: amount("What is left to pay; 0.00 unless open or uncollectible"),
    tax_rate: z.string().meta({ description: "Percent with two decimals", examples: ["20.00"] }),
    tax_treatment: z.enum(taxTreatments),
    tax_note: z
      .string()
      .nullable()
      .meta({ examples: ["Reverse charge"] }),
    seller: partySeller,
    buyer: partyBuyer,
    credits_invoice_id: z.string().nullable().meta({ description: "A credit note: the invoice it corrects" }),
    paid_at: timestampSchema().nullable(),
    voided_at: timestampSchema().nullable(),
    created_at: timestampSchema(),
  })
  .meta({ id: "Invoice" });
export type InvoiceView = z.infer<typeof invoiceSchema>;

const invoiceLineSchema = z
  .object({
    position: z.number().int(),
    description: z.string(),
    amount: amount("As the invoice shows it: a charge positive, a credit negative"),
    kind: z.string().meta({ description: "The ledger entry's kind" }),
    number_e164: z.string().nullable(),
    period_start: day("The service period's first day").nullable(),
    period_end: day("The service period's end (exclusive)").nullable(),
    ledger_entry_id: z
      .string()
      .nullable()
      .meta({ description: "le_…; null on a preview's line not charged yet" }),
  })
  .meta({ id: "InvoiceLine" });
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

const invoiceWithLinesSchema = invoiceSchema
  .extend({ lines: z.array(invoiceLineSchema) })
  .meta({ id: "InvoiceWithLines" });
export type InvoiceWithLines = z.infer<typeof invoiceWithLinesSchema>;

export const invoiceResponseSchema = z
  .object({ data: invoiceWithLinesSchema })
  .meta({ id: "InvoiceResponse" });
export const invoiceListResponseSchema = z
  .object({ data: z.array(invoiceSchema) })
  .meta({ id: "InvoiceListResponse" });

export const invoiceParamsSchema = z.strictObject({
  invoice_id: documentedAs(
    z
      .string()
      .regex(/^in_[A-Za-z0-9]{1,60}$/, "invoice_id must be an invoice id such as in_0123456789abcdef"),
    { type: "string", pattern: "^in_[A-Za-z0-9]{1,60}$", examples: ["in_0123456789abcdef"] },
  ),
});

const currencySchema = z
  .string({ error: "currency must be given: a three-letter currency code such as EUR" })
  .regex(/^[A-Z]{3}$/, "currency must be a three-letter currency code such as EUR");

function moment(name: string, description: string) {
  return documentedAs(
    z
      .string()
      .refine(
        (value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value),
        `${name} must be an ISO 8601 date or time`,
      )
      .refine(isStorableInstant, instantRangeMessage(name))
      .transform((value) => new Date(value))
      .optional(),
    { type: "string", format: "date-time", description },
  );
}

export const invoiceListQuerySchema = z.strictObject({
  ...pageQuery,
  status: z.enum(invoiceStatuses, `status must be one of ${invoiceStatuses.join(", ")}`).optional(),
  currency: currencySchema.optional(),
  kind: z.enum(invoiceKinds, `kind must be one of ${invoiceKinds.join(", ")}`).optional(),
  from: moment("from", "Only invoices issued at or after this time."),
  to: moment("to", "Only invoices issued before this time."),
  format: z
    .enum(["csv"], "format must be csv")
    .optional()
    .meta({ description: "csv: every match as CSV, unpaged." }),
  organization_id: organizationIdFilterSchema,
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const organizationOnlyQuerySchema = z.strictObject({ organization_id: organizationIdFilterSchema });

export const upcomingQuerySchema = z.strictObject({
  currency: currencySchema,
  organization_id: organizationIdFilterSchema,
});

export const creditNoteRequestSchema = z
  .strictObject({
    amount: z
      .string({ error: "amount must be a string such as 10.00" })
      .regex(
        /^\d{1,9}(\.\d{1,2})?$/,
        "amount must be a positive amount with at most two decimals, such as 10.00",
      ),
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .min(1, "reason must not be blank")
      .max(500, "reason is at most 500 characters"),
  })
  .meta({
    id: "CreditNoteRequest",
    examples: [{ amount: "10.00", reason: "Two days without service in November" }],
  });

export const invoicePdfSchema = z.unknown().meta({ id: "InvoicePdf", description: "The invoice as a PDF" });
