import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { api, dispatch, get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import { pdfText } from "@/tests/pdf-text";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { runMonthEnd } from "@/lib/billing/month-end";
import type { InvoiceView, InvoiceWithLines } from "@/lib/schemas/invoices";

// GET /invoices (filters, pages, CSV), GET /invoices/{id} with lines, support's void,
// mark_uncollectible and credit notes, and the upcoming preview. The invoices come from a
// month-end run over the seeded organizations' numbers (acme and globex hold several currencies).

const RUN_AT = new Date("2026-12-01T00:00:30Z");
type One = { data: InvoiceWithLines };
type Many = { data: InvoiceView[] };

let acmeInvoices: InvoiceView[];
let globexInvoice: InvoiceView;

beforeAll(async () => {
  expect(await runMonthEnd(RUN_AT)).toMatchObject({ failed: 0 });
  const prisma = await getPrisma();
  const rows = await prisma.invoice.findMany({
    where: { organizationId: "org_globex" },
    orderBy: { number: "asc" },
  });
  const globex = await get<Many>(`/invoices?organization_id=org_globex&currency=${rows[0].currency}`, {
    token: "support",
  });
  globexInvoice = globex.body.data[0];
  acmeInvoices = (await get<Many>("/invoices", { token: "acmeAll" })).body.data;
});

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

describe("support's changes to an invoice", () => {
  it("refuses customers 401 role_forbidden", async () => {
    for (const path of ["void", "mark_uncollectible"]) {
      const refused = await api<{ error: { code: string } }>(
        "POST",
        `/invoices/${acmeInvoices[0].id}/${path}`,
        { token: "acmeAll" },
      );
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("role_forbidden");
    }
    const credit = await api<{ error: { code: string } }>(
      "POST",
      `/invoices/${acmeInvoices[0].id}/credit_notes`,
      {
        token: "acmeAll",
        body: { amount: "1.00", reason: "Goodwill" },
      },
    );
    expect(credit.status).toBe(401);
    expect(credit.body.error.code).toBe("role_forbidden");
  });

  it("voids an open invoice once: a reversal of its total, invoice.voided, and 400 naming what it may become", async () => {
    const prisma = await getPrisma();
    const target = acmeInvoices[0];
    const before = await prisma.billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId: "org_acme", currency: target.currency } },
    });
    const voided = await api<One>("POST", `/invoices/${target.id}/void`, { token: "support" });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({
      id: target.id,
      number: target.number,
      status: "void",
      amount_due: "0.00",
    });
    expect(voided.body.data.voided_at).not.toBeNull();
    const reversal = await prisma.ledgerEntry.findUniqueOrThrow({
      where: {
        organizationId_idempotencyKey: { organizationId: "org_acme", idempotencyKey: `void:${target.id}` },
      },
    });
    expect(reversal).toMatchObject({
      kind: "reversal",
      amountMinor: BigInt(Math.round(Number(target.total) * 100)),
    });
    const after = await prisma.billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId: "org_acme", currency: target.currency } },
    });
    expect(after.balanceMinor - before.balanceMinor).toBe(reversal.amountMinor);
    expect(await prisma.event.count({ where: { type: "invoice.voided", organizationId: "org_acme" } })).toBe(
      1,
    );
    expect(
      await prisma.auditEvent.count({ where: { action: "invoice.voided", resourceId: target.id } }),
    ).toBe(1);

    const again = await api<{ error: { code: string; message: string; details: string } }>(
      "POST",
      `/invoices/${target.id}/void`,
      {
        token: "support",
      },
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: "invalid_transition",
      message: "An invoice that is void cannot be voided; it is final.",
    });
    expect(await prisma.ledgerEntry.count({ where: { idempotencyKey: `void:${target.id}` } })).toBe(1);
  });

  it("marks an open invoice uncollectible, then refuses it again; uncollectible can still be voided", async () => {
    const target = acmeInvoices[1];
    const marked = await api<One>("POST", `/invoices/${target.id}/mark_uncollectible`, { token: "support" });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ status: "uncollectible", amount_due: target.total });
    const again = await api<{ error: { code: string; message: string } }>(
      "POST",
      `/invoices/${target.id}/mark_uncollectible`,
      {
        token: "support",
      },
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: "invalid_transition",
      message: "An invoice that is uncollectible cannot be marked uncollectible; it may become paid or void.",
    });
  });

  it("credits part of an invoice with a numbered credit note, up to what is not credited yet", async () => {
    const prisma = await getPrisma();
    const target = globexInvoice;
    const totalMinor = Math.round(Number(target.total) * 100);
    const tooMuch = await api<{ error: { code: string; message: string } }>(
      "POST",
      `/invoices/${target.id}/credit_notes`,
      {
        token: "support",
        body: { amount: ((totalMinor + 1) / 100).toFixed(2), reason: "Too much" },
      },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe(
      `amount must be at most ${target.total}, what of the invoice's total is not credited yet`,
    );
    for (const amount of ["0", "0.00", "1.005", "-1"]) {
      const bad = await api("POST", `/invoices/${target.id}/credit_notes`, {
        token: "support",
        body: { amount, reason: "x" },
      });
      expect(bad.status).toBe(400);
    }
    const series = (await prisma.invoiceNumberSeries.findUnique({ where: { series: "CN-2026" } }))?.last ?? 0;
    const before = await prisma.billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId: "org_globex", currency: target.currency } },
    });
    const credited = await api<One>("POST", `/invoices/${target.id}/credit_notes`, {
      token: "support",
      body: { amount: "0.50", reason: "Goodwill" },
    });
    expect(credited.status).toBe(201);
    expect(credited.body.data).toMatchObject({
      kind: "credit_note",
      status: "paid",
      number: `CN-2026-${String(series + 1).padStart(6, "0")}`,
      credits_invoice_id: target.id,
      total: "0.50",
      tax: "0.00",
      amount_due: "0.00",
      lines: [
        {
          position: 1,
          amount: "0.50",
          kind: "credit",
          description: `Credit note for ${target.number}: Goodwill`,
        },
      ],
    });
    const after = await prisma.billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId: "org_globex", currency: target.currency } },
    });
    expect(after.balanceMinor - before.balanceMinor).toBe(50n);
    const invoice = (await get<One>(`/invoices/${target.id}`, { token: "support" })).body.data;
    expect(invoice).toMatchObject({
      status: "open",
      amount_paid: "0.50",
      amount_due: ((totalMinor - 50) / 100).toFixed(2),
    });

    // The rest credits it whole: the invoice is paid; nothing more can be credited.
    const rest = ((totalMinor - 50) / 100).toFixed(2);
    expect(
      (
        await api("POST", `/invoices/${target.id}/credit_notes`, {
          token: "support",
          body: { amount: rest, reason: "Rest" },
        })
      ).status,
    ).toBe(201);
    expect((await get<One>(`/invoices/${target.id}`, { token: "support" })).body.data).toMatchObject({
      status: "paid",
      amount_due: "0.00",
      amount_paid: target.total,
    });
    const none = await api<{ error: { message: string } }>("POST", `/invoices/${target.id}/credit_notes`, {
      token: "support",
      body: { amount: "0.01", reason: "More" },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(
      "amount must be at most 0.00, what of the invoice's total is not credited yet",
    );
    expect(
      await prisma.event.count({
        where: {
          type: "invoice.finalized",
          organizationId: "org_globex",
          data: { path: ["kind"], equals: "credit_note" },
        },
      }),
    ).toBe(2);
  });
});
