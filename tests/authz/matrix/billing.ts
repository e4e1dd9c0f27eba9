import { invalidBody, isOf, listsOnlyIfAny, notFound, roleForbidden } from "@/tests/authz/matrix/checks";
import type { DataColumns, Expectation } from "@/tests/authz/matrix/types";

// Billing: invoices, payments and credits, the accounts and their ledger, the profile and alerts.

/** What an Acme owner's request past the credentials answers (credential rows only). */
export const billingCredentialRoutes: Readonly<Record<string, Expectation>> = {
  // Invoices (docs/API.md, "Invoices"): no invoice by this id; void, uncollectible and credit
  // notes are support's (an owner is refused before any body is read).
  "GET /invoices/{invoice_id}": notFound,
  "GET /invoices/{invoice_id}/pdf": notFound,
  "POST /invoices/{invoice_id}/void": roleForbidden,
  "POST /invoices/{invoice_id}/mark_uncollectible": roleForbidden,
  "POST /invoices/{invoice_id}/credit_notes": roleForbidden,
  // Payments and credits are support's (docs/API.md "Payments, credits and dunning").
  "POST /billing/payments": roleForbidden,
  "POST /billing/credits": roleForbidden,
  // A credit limit is support's alone (docs/API.md, "Charges and the ledger"): an owner is refused.
  "PATCH /billing/accounts/{currency}": roleForbidden,
  // The billing profile and alerts (docs/API.md "Billing"): the seed sets no profile and no alert.
  "GET /billing/profile": notFound,
  "PUT /billing/profile": invalidBody,
  "GET /billing/alerts": { status: 200 },
  "POST /billing/alerts": invalidBody,
  "DELETE /billing/alerts/{alert_id}": notFound,
};

/** The columns of the invoices, the upcoming invoice, the accounts and the ledger (organization data). */
export const billingDataRoutes: Readonly<Record<string, DataColumns>> = {
  // Invoices and the upcoming preview: the organization's billing readers; support names whose.
  "GET /invoices": {
    own: { status: 200, check: listsOnlyIfAny("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnlyIfAny("owner") },
  },
  "GET /invoices/export": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/upcoming": {
    own: { status: 200, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Billing accounts and the ledger: the organization's billing readers; support names whose.
  "GET /billing/accounts": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/ledger": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/ledger/export": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
};
