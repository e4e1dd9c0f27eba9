import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { csvSchema } from "@/lib/schemas/common";
import {
  billingAccountListQuerySchema,
  billingAccountListResponseSchema,
  billingAccountSchema,
  creditLimitRequestSchema,
  currencyParamSchema,
  ledgerExportQuerySchema,
  ledgerListQuerySchema,
  ledgerListResponseSchema,
} from "@/lib/schemas/billing-ledger";
import { emptyQuerySchema } from "@/lib/schemas/common";

const bodyErrors = ["invalid_parameter", "payload_too_large", "unsupported_media_type"] as const;

// Billing accounts and the ledger (docs/API.md, "Charges and the ledger"). billing:read for the
// organization's owner, admin and billing members, and for support (who names an organization,
// or reads every organization's accounts); a credit limit is support's alone.
export const billingLedgerEndpoints = {
  "GET /billing/accounts": defineEndpoint({
    summary:
      "The organization's billing accounts, one per currency: balance, credit limit, available, standing",
    scope: "billing:read",
    query: billingAccountListQuerySchema,
    response: billingAccountListResponseSchema,
    errors: ["invalid_parameter"],
  }),
  "PATCH /billing/accounts/{currency}": defineEndpoint({
    summary: "Change an organization's credit limit in a currency (support)",
    scope: "billing:read",
    permission: "organizations:all",
    params: currencyParamSchema,
    query: emptyQuerySchema,
    body: creditLimitRequestSchema,
    response: billingAccountSchema,
    errors: [...bodyErrors],
  }),
  "GET /billing/ledger": defineEndpoint({
    summary: "The organization's ledger entries, newest first; format=csv for every match",
    scope: "billing:read",
    query: ledgerListQuerySchema,
    response: ledgerListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /billing/ledger/export": defineEndpoint({
    summary:
      "Download every ledger entry GET /billing/ledger would list with these filters as CSV, newest first (also GET /billing/ledger?format=csv)",
    scope: "billing:read",
    query: ledgerExportQuerySchema,
    response: csvSchema,
    text: {
      type: "text/csv",
      description:
        "A header row, then one row per entry, newest first: id, created_at, currency, kind, amount, description, number_id, number_e164, order_reference_id, period_start, period_end, invoice_id, reference.",
      example:
        "id,created_at,currency,kind,amount,description,number_id,number_e164,order_reference_id,period_start,period_end,invoice_id,reference\r\nle_5d1c0e9a7b3f4c21a8e6d0b4f2a19c77,2026-03-15T10:00:00.000Z,GBP,prorated_fee,-0.17,Monthly fee for +442079460123 from 2026-03-15 to the end of the month,num_abcdefghijklmnop,+442079460123,ORD-7Q2M4K,2026-03-15,2026-04-01,,\r\n",
    },
    errors: ["invalid_parameter"],
  }),
};
