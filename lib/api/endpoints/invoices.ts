import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { csvSchema, emptyQuerySchema } from "@/lib/schemas/common";
import {
  creditNoteRequestSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  invoicePdfSchema,
  invoiceResponseSchema,
  organizationOnlyQuerySchema,
  upcomingQuerySchema,
} from "@/lib/schemas/invoices";

// Invoices and credit notes (docs/API.md "Invoices"). Readers hold billing:read (owner, admin,
// billing; support for every organization, or the one named); voiding, marking uncollectible and
// credit notes are support's (the power to act on every organization): customers 401 role_forbidden.
const bodyErrors = ["invalid_parameter", "payload_too_large", "unsupported_media_type"] as const;

export const invoiceEndpoints = {
  "GET /invoices": defineEndpoint({
    summary: "Invoices and credit notes, newest first; format=csv for every match",
    scope: "billing:read",
    query: invoiceListQuerySchema,
    response: invoiceListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /invoices/export": defineEndpoint({
    summary:
      "Download every invoice GET /invoices would list with these filters as CSV, newest first (also GET /invoices?format=csv)",
    scope: "billing:read",
    query: invoiceListQuerySchema.omit({ limit: true, offset: true, format: true }),
    response: csvSchema,
    text: {
      type: "text/csv",
      description:
        "A header row, then one row per invoice, newest first: id, number, kind, status, organization_id, currency, period_start, period_end, issued_at, due_at, subtotal, tax, total, amount_paid, amount_due, tax_treatment, credits_invoice_id.",
      example:
        "id,number,kind,status,organization_id,currency,period_start,period_end,issued_at,due_at,subtotal,tax,total,amount_paid,amount_due,tax_treatment,credits_invoice_id\r\nin_3f0c9a2e71b84d55,INV-2026-000001,invoice,open,org_acme,GBP,2026-10-01,2026-11-01,2026-11-01T00:00:30.000Z,2026-11-15T00:00:30.000Z,12.50,2.50,15.00,0.00,15.00,domestic,\r\n",
    },
    errors: ["invalid_parameter"],
  }),
  "GET /invoices/{invoice_id}": defineEndpoint({
    summary: "One invoice or credit note with its lines",
    scope: "billing:read",
    params: invoiceParamsSchema,
    query: organizationOnlyQuerySchema,
    response: invoiceResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
  "GET /invoices/{invoice_id}/pdf": defineEndpoint({
    summary: "The invoice or credit note as a PDF (an attachment named by its number)",
    scope: "billing:read",
    params: invoiceParamsSchema,
    query: organizationOnlyQuerySchema,
    response: invoicePdfSchema,
    file: {
      types: ["application/pdf"],
      description: "The invoice as a PDF: seller, buyer, number, dates, lines, tax and totals.",
    },
    errors: ["invalid_parameter", "not_found"],
  }),
  "POST /invoices/{invoice_id}/void": defineEndpoint({
    summary:
      "Support: void an open or uncollectible invoice; a reversal entry of its total takes it off the balance (it keeps its number)",
    scope: "billing:read",
    permission: "organizations:all",
    params: invoiceParamsSchema,
    query: emptyQuerySchema,
    response: invoiceResponseSchema,
    errors: ["invalid_parameter", "not_found", "invalid_transition", "role_forbidden"],
  }),
  "POST /invoices/{invoice_id}/mark_uncollectible": defineEndpoint({
    summary: "Support: mark an open invoice uncollectible (it can still be paid or voided)",
    scope: "billing:read",
    permission: "organizations:all",
    params: invoiceParamsSchema,
    query: emptyQuerySchema,
    response: invoiceResponseSchema,
    errors: ["invalid_parameter", "not_found", "invalid_transition", "role_forbidden"],
  }),
  "POST /invoices/{invoice_id}/credit_notes": defineEndpoint({
    summary:
      "Support: credit part or all of an invoice: a credit entry and a credit note CN-YYYY-NNNNNN, finalized at once",
    scope: "billing:read",
    permission: "organizations:all",
    params: invoiceParamsSchema,
    query: emptyQuerySchema,
    body: creditNoteRequestSchema,
    response: invoiceResponseSchema,
    status: 201,
    errors: [...bodyErrors, "not_found", "invalid_transition", "role_forbidden"],
  }),
  "GET /billing/upcoming": defineEndpoint({
    summary:
      "A preview of the next month-end invoice in a currency: the charges on no invoice yet and next month's fees (a draft, no number)",
    scope: "billing:read",
    query: upcomingQuerySchema,
    response: invoiceResponseSchema,
    errors: ["invalid_parameter"],
  }),
};
