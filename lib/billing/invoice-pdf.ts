import { readFileSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { InvoiceWithLines } from "@/lib/schemas/invoices";

// An invoice or credit note as a PDF (docs/API.md "Billing"): seller, buyer with their VAT IDs,
// number, dates, period, every line, subtotal, tax (its rate, or why there is none), total and
// what is still due. It reads the invoice exactly as GET /invoices/{id} answers it, so the PDF
// and the API cannot disagree. Fonts come from the repository (assets/fonts): DejaVu Sans for
// Latin, Greek and Cyrillic, Noto Sans JP for Japanese and other CJK text. The same invoice
// gives the same bytes: the document's dates are the invoice's issue time, not the clock.

// The invoice as GET /invoices/{id} answers it (lib/schemas/invoices.ts), the one shape.
export type { InvoiceWithLines };

type Party = { address: string | null; country: string | null; vat_id: string | null };

/** The words an invoice carries for a treatment that charges no tax (the tax note overrides them). */
const TAX_TREATMENT_WORDS = {
  domestic: null,
  reverse_charge: "Reverse charge",
  outside_scope: "Outside the scope of VAT",
} as const;

const FONT_DIR = path.join(process.cwd(), "assets", "fonts");
type FontName = "regular" | "bold" | "cjk";
const FONT_FILES: Record<FontName, string> = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  cjk: "NotoSansJP-Regular.ttf",
};
// Read once per process; each document embeds the subset it uses.
let fontData: Record<FontName, Buffer> | undefined;
function fonts(): Record<FontName, Buffer> {
  fontData ??= {
    regular: readFileSync(path.join(FONT_DIR, FONT_FILES.regular)),
    bold: readFileSync(path.join(FONT_DIR, FONT_FILES.bold)),
    cjk: readFileSync(path.join(FONT_DIR, FONT_FILES.cjk)),
  };
  return fontData;
}

// Kana, CJK ideographs, Hangul and full-width forms: DejaVu Sans has none of them.
const CJK_CLASS =
  "\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef";
const CJK = new RegExp(`[${CJK_CLASS}]`);
const CJK_RUNS = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, "g");
// Windows-1252 (PDF's WinAnsiEncoding): what the standard Helvetica can write.
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

const PAGE = { margin: 50, width: 595.28, height: 841.89 } as const;
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const COLUMNS = {
  description: { x: PAGE.margin, width: 270 },
  period: { x: 330, width: 135 },
  amount: { x: 465, width: RIGHT - 465 },
} as const;

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-01" or an ISO instant → "1 Nov 2026"; `lastDay` turns an exclusive end into the day before. */
function day(value: string, lastDay = false): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (lastDay) date.setUTCDate(date.getUTCDate() - 1);
  return dayFormat.format(date);
}

const period = (start: string | null, end: string | null) =>
  start && end ? `${day(start)} – ${day(end, true)}` : "";

export async function renderInvoicePdf(invoice: InvoiceWithLines): Promise<Buffer> {
  const issued = new Date(invoice.issued_at ?? invoice.created_at);
  const creditNote = invoice.kind === "credit_note";
  const title = creditNote ? "Credit note" : "Invoice";
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${title} ${invoice.number ?? "(draft)"}`,
      Author: invoice.seller.name,
      Subject: `${title} for ${invoice.buyer.legal_name ?? invoice.organization_id}`,
      Producer: "Numbers portal",
      Creator: "Numbers portal",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const [name, data] of Object.entries(fonts())) doc.registerFont(name, data);

  // Text any PDF reader can show with its own Helvetica (Windows-1252's characters) is written
  // so: nothing to embed, and fast. Other text in the embedded fonts, in runs by script: CJK in
  // Noto Sans JP, the rest (Greek, Cyrillic, Polish ł…) in DejaVu Sans, chained so that a mixed
  // name wraps as one paragraph.
  const fontOf = (run: string, bold: boolean | undefined): string => {
    if (CJK.test(run)) return "cjk";
    if (WIN_ANSI.test(run)) return bold ? "Helvetica-Bold" : "Helvetica";
    return bold ? "bold" : "regular";
  };
  const write = (
    text: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number } = {},
  ) => {
    const { bold, size = 9, ...rest } = options;
    const runs = WIN_ANSI.test(text) ? [text] : (text.match(CJK_RUNS) ?? [""]);
    runs.forEach((run, index) => {
      doc.font(WIN_ANSI.test(text) ? fontOf(run, bold) : CJK.test(run) ? "cjk" : bold ? "bold" : "regular");
      doc.fontSize(size);
      const layout = { lineBreak: rest.width !== undefined, ...rest, continued: index < runs.length - 1 };
      if (index === 0) doc.text(run, x, y, layout);
      else doc.text(run, layout);
    });
    return doc.y;
  };

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
    doc.font(fontOf(line.description, false)).fontSize(9);
    const height = doc.heightOfString(line.description, { width: COLUMNS.description.width });
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
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    write(
      `${invoice.number ?? title} · page ${page - start + 1} of ${count}`,
      PAGE.margin,
      PAGE.height - 40,
      {
        size: 7,
        width: RIGHT - PAGE.margin,
        align: "center",
      },
    );
  }
  doc.end();
  return done;
}
