import type { InvoiceWithLines } from "@/lib/billing/invoice-pdf";

// An invoice as GET /invoices/{id} answers it, for the PDF's tests and benchmark: a domestic
// one by default, with `lines` fees of 1.00 upwards for as many numbers.

export function sampleInvoice(
  lineCount: number,
  overrides: Partial<InvoiceWithLines> = {},
): InvoiceWithLines {
  const lines = Array.from({ length: lineCount }, (_, index) => ({
    position: index + 1,
    description: `Monthly fee +4420794601${String(index).padStart(2, "0")}`,
    amount: `${index + 1}.00`,
    kind: "recurring_fee",
    number_e164: `+4420794601${String(index).padStart(2, "0")}`,
    period_start: "2026-11-01",
    period_end: "2026-12-01",
    ledger_entry_id: `le_${String(index).padStart(8, "0")}`,
  }));
  const subtotal = lines.reduce((sum, line) => sum + Number(line.amount) * 100, 0);
  const tax = Math.round(subtotal * 0.2);
  const money = (minor: number) => (minor / 100).toFixed(2);
  return {
    id: "in_0123456789abcdef",
    number: "INV-2026-000042",
    kind: "invoice",
    status: "open",
    organization_id: "org_acme",
    currency: "GBP",
    period_start: "2026-11-01",
    period_end: "2026-12-01",
    issued_at: "2026-12-01T00:00:00.000Z",
    due_at: "2026-12-15T00:00:00.000Z",
    subtotal: money(subtotal),
    tax: money(tax),
    total: money(subtotal + tax),
    amount_paid: "0.00",
    amount_due: money(subtotal + tax),
    tax_rate: "20.00",
    tax_treatment: "domestic",
    tax_note: null,
    seller: {
      name: "Numbers Portal Ltd",
      address: "1 Example Street, London EC1A 1AA",
      country: "GB",
      vat_id: "GB980780684",
    },
    buyer: { legal_name: "Acme Ltd", address: "2 Market Street\nLeeds LS1 1AA", country: "GB", vat_id: null },
    credits_invoice_id: null,
    paid_at: null,
    voided_at: null,
    created_at: "2026-12-01T00:00:00.000Z",
    lines: [
      ...lines,
      {
        position: lineCount + 1,
        description: "VAT 20.00%",
        amount: money(tax),
        kind: "tax",
        number_e164: null,
        period_start: null,
        period_end: null,
        ledger_entry_id: "le_tax",
      },
    ],
    ...overrides,
  };
}
