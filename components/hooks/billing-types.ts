// The billing API's answers and requests as the portal reads and sends them (amounts are strings
// with two decimals), by the routes' own schemas.
import type { BillingAccountView, LedgerEntryView } from "@/lib/schemas/billing-ledger";
import type { InvoiceLineView, InvoiceView } from "@/lib/schemas/invoices";

export type { BillingProfile, BillingProfileRequest } from "@/lib/schemas/billing-profile";
export type { CreateBillingAlertRequest } from "@/lib/schemas/billing-alerts";
export type { CreditRequest, PaymentRecorded, PaymentRequest } from "@/lib/schemas/billing-payments";

export type BillingAccount = BillingAccountView;
export type LedgerEntry = LedgerEntryView;
export type Standing = BillingAccount["standing"];
export type Invoice = InvoiceView;
export type InvoiceStatus = Invoice["status"];
export type InvoiceLine = InvoiceLineView;
