import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "@/lib/billing/invoice-pdf";
import { sampleInvoice } from "@/tests/invoice-sample";
import { pdfText } from "@/tests/pdf-text";

// The PDF read back by pdf.js, as a reader would copy its text: the words and amounts are
// there, in the fonts that can show them (a glyph missing from the font reads back as nothing).

const textOf = async (invoice: Parameters<typeof renderInvoicePdf>[0]) =>
  (await pdfText(await renderInvoicePdf(invoice))).join("\n");

describe("renderInvoicePdf", () => {
  it("writes a domestic invoice: seller, buyer, number, dates, period, every line, the rate and the totals", async () => {
    const text = await textOf(sampleInvoice(3));
    for (const words of [
      "Invoice number INV-2026-000042",
      "Issue date 1 Dec 2026",
      "Due date 15 Dec 2026",
      "Period 1 Nov 2026 – 30 Nov 2026",
      "From Numbers Portal Ltd",
      "1 Example Street, London EC1A 1AA",
      "VAT ID: GB980780684",
      "Bill to Acme Ltd",
      "2 Market Street\nLeeds LS1 1AA",
      "Amount (GBP)",
      "Monthly fee +442079460100 1 Nov 2026 – 30 Nov 2026 1.00",
      "Monthly fee +442079460101 1 Nov 2026 – 30 Nov 2026 2.00",
      "Monthly fee +442079460102 1 Nov 2026 – 30 Nov 2026 3.00",
      "Subtotal GBP 6.00",
      "VAT 20.00% GBP 1.20",
      "Total GBP 7.20",
      "Amount paid GBP 0.00",
      "Amount due GBP 7.20",
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("Credit note");
    // The tax line is the VAT row of the totals, not a line of the table.
    expect(text).not.toContain("VAT 20.00% 1.20");
  });

  it("writes a buyer's name in Japanese and Greek, and an address in Polish", async () => {
    const text = await textOf(
      sampleInvoice(1, {
        buyer: {
          legal_name: "株式会社アクメ Ελληνική Εταιρεία",
          address: "ul. Łódzka 5, 90-001 Łódź\n東京都千代田区",
          country: "JP",
          vat_id: null,
        },
      }),
    );
    expect(text).toContain("株式会社アクメ Ελληνική Εταιρεία");
    expect(text).toContain("ul. Łódzka 5, 90-001 Łódź");
    expect(text).toContain("東京都千代田区");
  });

  it("names a buyer that had no billing profile by its organization, with no address or VAT ID", async () => {
    const text = await textOf(
      sampleInvoice(1, { buyer: { legal_name: null, address: null, country: null, vat_id: null } }),
    );
    expect(text).toContain("Bill to org_acme \nDescription Period");
  });

  it("writes a reverse-charge invoice: no tax, both VAT IDs and the words Reverse charge", async () => {
    const invoice = sampleInvoice(2, {
      currency: "EUR",
      tax: "0.00",
      total: "3.00",
      amount_due: "3.00",
      tax_rate: "0.00",
      tax_treatment: "reverse_charge",
      buyer: {
        legal_name: "Acme GmbH",
        address: "Friedrichstraße 1\n10117 Berlin",
        country: "DE",
        vat_id: "DE136695976",
      },
    });
    invoice.lines = invoice.lines.filter((line) => line.kind !== "tax");
    const text = await textOf(invoice);
    for (const words of [
      "VAT ID: GB980780684",
      "VAT ID: DE136695976",
      "Friedrichstraße 1",
      "Subtotal EUR 3.00",
      "VAT: Reverse charge EUR 0.00",
      "Total EUR 3.00",
      "Amount due EUR 3.00",
    ])
      expect(text).toContain(words);
    expect(text.match(/Reverse charge/g)).toHaveLength(2);
  });

  it("writes outside the scope of VAT for a buyer outside the EU, and the invoice's own tax note", async () => {
    const outside = await textOf(
      sampleInvoice(1, { tax: "0.00", total: "1.00", amount_due: "1.00", tax_treatment: "outside_scope" }),
    );
    expect(outside).toContain("VAT: Outside the scope of VAT GBP 0.00");
    const noted = await textOf(
      sampleInvoice(1, {
        tax_treatment: "reverse_charge",
        tax_note: "Reverse charge: Article 196, Directive 2006/112/EC",
      }),
    );
    expect(noted).toContain("Reverse charge: Article 196, Directive 2006/112/EC");
  });

  it("writes a credit note: its title, the invoice it credits, no due date and no amount due", async () => {
    const text = await textOf(
      sampleInvoice(1, {
        kind: "credit_note",
        number: "CN-2026-000007",
        credits_invoice_id: "in_0123456789abcdef",
        subtotal: "1.00",
        tax: "0.20",
        total: "1.20",
      }),
    );
    expect(text).toContain("Credit note");
    expect(text).toContain("Credit note number CN-2026-000007");
    expect(text).toContain("Credits invoice in_0123456789abcdef");
    expect(text).toContain("Total GBP 1.20");
    expect(text).not.toContain("Due date");
    expect(text).not.toContain("Amount due");
  });

  it("puts 200 lines on numbered pages, repeating the table's header, in under 100 kB", async () => {
    const pdf = await renderInvoicePdf(sampleInvoice(200));
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join("\n");
    for (const line of sampleInvoice(200).lines.slice(0, 200))
      expect(all).toContain(`${line.description} 1 Nov 2026 – 30 Nov 2026 ${line.amount}`);
    pages.forEach((page, index) => {
      expect(page).toContain("Description Period Amount (GBP)");
      expect(page).toContain(`INV-2026-000042 · page ${index + 1} of ${pages.length}`);
    });
    expect(all).toContain("Amount due GBP 24120.00");
    expect(pdf.length).toBeLessThan(100_000);
  });

  it("gives the same bytes for the same invoice, dated by its issue", async () => {
    const invoice = sampleInvoice(5, {
      buyer: { legal_name: "株式会社アクメ", address: "東京", country: "JP", vat_id: null },
    });
    const first = await renderInvoicePdf(invoice);
    const second = await renderInvoicePdf(invoice);
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    // Both of the document's dates are the (objects of their own: /CreationDate n 0 R).
    expect(first.toString("latin1").match(/\(D:\d{14}Z\)/g)).toEqual([
      "(D:20261201000000Z)",
      "(D:20261201000000Z)",
    ]);
  });
});
