import type { InvoiceWithLines } from "@/lib/schemas/invoices";
import { BOTTOM, createPdfWriter, formatPdfDay, PAGE, RIGHT } from "@/lib/pdf/pdf-writer";

// An invoice or credit note as a PDF (docs/API.md "Billing"): seller, buyer with their VAT IDs,
// number, dates, period, every line, subtotal, tax (its rate, or why there is none), total and
// what is still due. It reads the invoice exactly as GET /invoices/{id} answers it, so the PDF
// and the API cannot disagree. Fonts, scripts and the page are lib/pdf/pdf-writer.ts's. The same
// invoice gives the same bytes: the document's dates are the invoice's issue time, not the clock.

// The invoice as GET /invoices/{id} answers it (lib/schemas/invoices.ts), the one shape.
export type { InvoiceWithLines };

type Party = { address: string | null; country: string | null; vat_id: string | null };

/** The words an invoice carries for a treatment that charges no tax (the tax note overrides them). */
const TAX_TREATMENT_WORDS = {
  domestic: null,
  reverse_charge: "Reverse charge",
  outside_scope: "Outside the scope of VAT",
} as const;

const COLUMNS = {
  description: { x: PAGE.margin, width: 270 },
  period: { x: 330, width: 135 },
  amount: { x: 465, width: RIGHT - 465 },
} as const;

/** "2026-11-01" or an ISO instant → "1 Nov 2026"; `lastDay` turns an exclusive end into the day before. */
function day(value: string, lastDay = false): string {
  if (!lastDay) return formatPdfDay(value);
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  date.setUTCDate(date.getUTCDate() - 1);
  return formatPdfDay(date);
}

const period = (start: string | null, end: string | null) =>
  start && end ? `${day(start)} – ${day(end, true)}` : "";

export async function renderInvoicePdf(invoice: InvoiceWithLines): Promise<Buffer> {
  const issued = new Date(invoice.issued_at ?? invoice.created_at);
  const creditNote = invoice.kind === "credit_note";
  const title = creditNote ? "Credit note" : "Invoice";
  const { doc, write, heightOf, writeFooters, finish } = createPdfWriter({
    title: `${title} ${invoice.number ?? "(draft)"}`,
    author: invoice.seller.name,
    subject: `${title} for ${invoice.buyer.legal_name ?? invoice.organization_id}`,
    createdAt: issued,
  });

  // Heading: what it is, its number, and for a credit note the invoice it credits.
  write(invoice.number === null ? `${title} (draft)` : title, PAGE.margin, PAGE.margin, {
    bold: true,
    size: 20,
  });
  let y = PAGE.margin + 30;
  const facts: Array<[string, string]> = [
    [`${title} number`, invoice.number ?? "—"],
    ["Issue date", day(invoice.issued_at ?? invoice.created_at)],
    ...(invoice.due_at && !creditNote
      ? ([["Due date", day(invoice.due_at)]] as Array<[string, string]>)
      : []),
    ["Period", period(invoice.period_start, invoice.period_end)],
    ...(invoice.credits_invoice_id
      ? ([["Credits invoice", invoice.credits_invoice_id]] as Array<[string, string]>)
      : []),
    ...(invoice.voided_at ? ([["Voided", day(invoice.voided_at)]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of facts) {
    write(label, PAGE.margin, y, { bold: true });
    write(value, PAGE.margin + 110, y);
    y += 14;
  }

  // Seller and buyer side by side.
  y += 12;
  const partyWidth = (RIGHT - PAGE.margin) / 2 - 10;
  const party = (heading: string, name: string, who: Party, x: number) => {
    let at = write(heading, x, y, { bold: true, size: 8 });
    at = write(name, x, at + 2, { bold: true, size: 10, width: partyWidth });
    if (who.address) at = write(who.address, x, at, { width: partyWidth });
    if (who.country) at = write(who.country, x, at, { width: partyWidth });
    if (who.vat_id) at = write(`VAT ID: ${who.vat_id}`, x, at, { width: partyWidth });
    return at;
  };
  const sellerEnd = party("From", invoice.seller.name, invoice.seller, PAGE.margin);
  // A buyer with no billing profile when the invoice was finalized is named by its organization.
  const buyerName = invoice.buyer.legal_name ?? invoice.organization_id;
  const buyerEnd = party("Bill to", buyerName, invoice.buyer, PAGE.margin + partyWidth + 20);
  y = Math.max(sellerEnd, buyerEnd) + 20;

  // The lines; the tax line is shown with the totals.
  const tableHeader = () => {
    write("Description", COLUMNS.description.x, y, { bold: true });
    write("Period", COLUMNS.period.x, y, { bold: true });
    write(`Amount (${invoice.currency})`, COLUMNS.amount.x, y, {
      bold: true,
      width: COLUMNS.amount.width,
      align: "right",
    });
    y += 14;
    doc
      .moveTo(PAGE.margin, y - 3)
      .lineTo(RIGHT, y - 3)
      .lineWidth(0.5)
      .stroke();
  };
  tableHeader();
  const lines = [...invoice.lines]
    .filter((line) => line.kind !== "tax")
    .sort((a, b) => a.position - b.position);
  for (const line of lines) {
    const height = heightOf(line.description, { width: COLUMNS.description.width });
    if (y + height > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
      tableHeader();
    }
    write(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    write(period(line.period_start, line.period_end), COLUMNS.period.x, y);
    write(line.amount, COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: "right" });
    y += Math.max(height, 11) + 3;
  }

  // Totals, then why there is no tax where there is none.
  const treatmentWords = TAX_TREATMENT_WORDS[invoice.tax_treatment];
  const totals: Array<[string, string, boolean]> = [
    ["Subtotal", invoice.subtotal, false],
    [treatmentWords === null ? `VAT ${invoice.tax_rate}%` : `VAT: ${treatmentWords}`, invoice.tax, false],
    ["Total", invoice.total, true],
    ...(creditNote
      ? []
      : ([
          ["Amount paid", invoice.amount_paid, false],
          ["Amount due", invoice.amount_due, true],
        ] as Array<[string, string, boolean]>)),
  ];
  if (y + totals.length * 14 + 60 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 6;
  doc.moveTo(COLUMNS.period.x, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
  y += 6;
  for (const [label, amount, bold] of totals) {
    write(label, COLUMNS.period.x, y, { bold });
    write(`${invoice.currency} ${amount}`, COLUMNS.amount.x - 30, y, {
      bold,
      width: COLUMNS.amount.width + 30,
      align: "right",
    });
    y += 14;
  }
  const note = invoice.tax_note ?? treatmentWords;
  if (note) write(note, PAGE.margin, y + 10, { bold: true, size: 10, width: RIGHT - PAGE.margin });

  // Page numbers once every page exists.
  writeFooters((page, count) => `${invoice.number ?? title} · page ${page} of ${count}`);
  return finish();
}
