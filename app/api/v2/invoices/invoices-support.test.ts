import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import {
  acmeInvoices,
  globexInvoice,
  runMonthEndOnce,
  type One,
} from "@/app/api/v2/invoices/invoices-fixtures";

// Support's changes to an invoice: void, mark_uncollectible and credit notes, each refused to
// customers. The invoices come from a month-end run over the seeded organizations' numbers.

beforeAll(runMonthEndOnce);

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
