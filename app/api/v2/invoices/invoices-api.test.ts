import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { dispatch, get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import { pdfText } from "@/tests/pdf-text";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import {
  RUN_AT,
  acmeInvoices,
  globexInvoice,
  runMonthEndOnce,
  type Many,
  type One,
} from "@/app/api/v2/invoices/invoices-fixtures";

// GET /invoices (filters, pages, CSV), GET /invoices/{id} with lines and as a PDF, and the
// upcoming preview; support's void, mark_uncollectible and credit notes are in
// invoices-support.test.ts. The invoices come from a month-end run over the seeded organizations'
// numbers (acme and globex hold several currencies).

beforeAll(runMonthEndOnce);

describe("reading invoices", () => {
  it("lists the caller's own organization's invoices, newest first, with filters and a total", async () => {
    const prisma = await getPrisma();
    const own = await prisma.invoice.count({ where: { organizationId: "org_acme" } });
    expect(own).toBeGreaterThan(1);
    expect(acmeInvoices).toHaveLength(own);
    expect(new Set(acmeInvoices.map((invoice) => invoice.organization_id))).toEqual(new Set(["org_acme"]));
    const [first] = acmeInvoices;
    expect(first).toMatchObject({
      kind: "invoice",
      status: "open",
      period_start: "2026-11-01",
      period_end: "2026-12-01",
    });
    expect(first.amount_due).toBe(first.total);

    const paged = await get<Many>(`/invoices?limit=1&currency=${first.currency}&status=open&kind=invoice`, {
      token: "acmeAll",
    });
    expect(paged.status).toBe(200);
    expect(paged.body.data.map((invoice) => invoice.id)).toEqual([first.id]);
    expect(paged.headers.get("x-total-count")).toBe("1");
    expect((await get<Many>("/invoices?status=paid", { token: "acmeAll" })).body.data).toEqual([]);
    expect(
      (
        await get<Many>(
          `/invoices?from=${encodeURIComponent(new Date(RUN_AT.getTime() + 1).toISOString())}`,
          { token: "acmeAll" },
        )
      ).body.data,
    ).toEqual([]);
    expect(
      (await get<Many>(`/invoices?to=${encodeURIComponent(RUN_AT.toISOString())}`, { token: "acmeAll" })).body
        .data,
    ).toEqual([]);
    expect(
      (await get<Many>(`/invoices?from=${encodeURIComponent(RUN_AT.toISOString())}`, { token: "acmeAll" }))
        .body.data,
    ).toHaveLength(own);
  });

  it("refuses bad filters naming the field", async () => {
    const bad = await get<{ error: { code: string; message: string } }>("/invoices?status=late", {
      token: "acmeAll",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("status must be one of draft, open, paid, void, uncollectible");
    const customerFilter = await get<{ error: { code: string; message: string } }>(
      "/invoices?organization_id=org_globex",
      {
        token: "acmeAll",
      },
    );
    expect(customerFilter.status).toBe(400);
    expect(customerFilter.body.error.message).toBe("organization_id is for support users");
  });

  it("answers every match as CSV with format=csv and on /invoices/export", async () => {
    for (const path of ["/invoices?format=csv", "/invoices/export"]) {
      // Read as text (the JSON client would parse the list's answer).
      const response = await dispatch(
        new Request(`http://localhost:3000/api/v2${path}`, {
          headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoices.csv"');
      const rows = (await response.text()).trim().split("\n");
      expect(rows[0].trim()).toBe(
        "id,number,kind,status,organization_id,currency,period_start,period_end,issued_at,due_at,subtotal,tax,total,amount_paid,amount_due,tax_treatment,credits_invoice_id",
      );
      expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual(
        acmeInvoices.map((invoice) => invoice.id),
      );
    }
  });

  it("shows one invoice with its lines; another organization's is 404", async () => {
    const one = await get<One>(`/invoices/${acmeInvoices[0].id}`, { token: "acmeAll" });
    expect(one.status).toBe(200);
    const { lines, ...invoice } = one.body.data;
    expect(invoice).toEqual(acmeInvoices[0]);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((line) => line.position)).toEqual(lines.map((_, index) => index + 1));
    expect(lines.at(-1)).toMatchObject({ kind: "tax", amount: invoice.tax, description: "VAT 20.00%" });
    const sum = lines.slice(0, -1).reduce((total, line) => total + Math.round(Number(line.amount) * 100), 0);
    expect((sum / 100).toFixed(2)).toBe(invoice.subtotal);

    expect((await get(`/invoices/${globexInvoice.id}`, { token: "acmeAll" })).status).toBe(404);
    expect((await get(`/invoices/in_doesnotexist`, { token: "acmeAll" })).status).toBe(404);
    expect((await get<One>(`/invoices/${globexInvoice.id}`, { token: "support" })).body.data.id).toBe(
      globexInvoice.id,
    );
    expect(
      (await get(`/invoices/${globexInvoice.id}?organization_id=org_acme`, { token: "support" })).status,
    ).toBe(404);
    expect((await get(`/invoices/not-an-id`, { token: "acmeAll" })).status).toBe(400);
  });

  it("answers an invoice as a PDF attachment named by its number; another organization's is 404", async () => {
    const invoice = acmeInvoices[0];
    const response = await dispatch(
      new Request(`http://localhost:3000/api/v2/invoices/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${invoice.number}.pdf"; filename*=UTF-8''${invoice.number}.pdf`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect((await pdfText(bytes)).join(" ")).toContain(invoice.number!);
    expect((await get(`/invoices/${globexInvoice.id}/pdf`, { token: "acmeAll" })).status).toBe(404);
  });

  it("previews the next invoice: the charges on no invoice and next month's fees, a draft with no number", async () => {
    setRequestClock(() => new Date("2026-12-10T12:00:00Z"));
    onTestFinished(() => setRequestClock(undefined));
    const currency = acmeInvoices[0].currency;
    const upcoming = await get<One>(`/billing/upcoming?currency=${currency}`, { token: "acmeAll" });
    expect(upcoming.status).toBe(200);
    const preview = upcoming.body.data;
    expect(preview).toMatchObject({
      number: null,
      status: "draft",
      organization_id: "org_acme",
      currency,
      issued_at: null,
      period_start: "2026-12-01",
      period_end: "2027-01-01",
    });
    // The run at RUN_AT invoiced December's fees; the preview is January's, not charged yet.
    const fees = preview.lines.filter((line) => line.kind === "recurring_fee");
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((line) => line.ledger_entry_id === null && line.period_start === "2027-01-01")).toBe(
      true,
    );
    expect(preview.lines.at(-1)).toMatchObject({ kind: "tax", amount: preview.tax });
    expect((await get(`/billing/upcoming?currency=${currency}`, { token: "support" })).status).toBe(400);
    expect(
      (
        await get<One>(`/billing/upcoming?currency=${currency}&organization_id=org_acme`, {
          token: "support",
        })
      ).body.data,
    ).toEqual(preview);
    expect((await get(`/billing/upcoming`, { token: "acmeAll" })).status).toBe(400);
  });
});
