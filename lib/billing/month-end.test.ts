import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { runMonthEnd, runMonthEndIfDue } from "@/lib/billing/month-end";
import { billableNumbers } from "@/lib/billing/month-end-fixtures";

// The month-end run on the worker's clock (injected): every billable number's recurring fee once,
// one invoice per account and month with the tax as an entry and a line, numbered without gaps,
// and a repeated run charges nothing again (cut by a throw, or run twice at once:
// month-end-interrupted.test.ts; what it skips and how it taxes: month-end-skips-and-tax.test.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
const RUN_AT = new Date("2026-12-01T00:00:30Z");

async function seriesLast(series: string): Promise<number> {
  const prisma = await getPrisma();
  return (await prisma.invoiceNumberSeries.findUnique({ where: { series } }))?.last ?? 0;
}

async function invoicesOfRun(month: string) {
  const prisma = await getPrisma();
  return prisma.invoice.findMany({
    where: { runKey: { startsWith: `${month}:` } },
    include: { lines: { include: { ledgerEntry: true }, orderBy: { position: "asc" } } },
    orderBy: { number: "asc" },
  });
}

/** Every number of the series from `first`, one after the other. */
function expectGapless(numbers: (string | null)[], first: number) {
  expect(numbers).toEqual(numbers.map((_, index) => `INV-2026-${String(first + index).padStart(6, "0")}`));
}

describe("the month-end run", () => {
  it("charges each billable number's fee for the month and invoices every account once, gapless", async () => {
    const prisma = await getPrisma();
    const expected = await billableNumbers();
    expect(expected.size).toBeGreaterThan(1);
    // A charge of the past month that is on no invoice yet, and one after the run's now (next month's).
    const [acme] = [...expected.values()].filter((account) => account.organizationId === "org_acme");
    await inRetryingTransaction((tx) =>
      appendEntries(
        tx,
        [
          {
            organizationId: acme.organizationId,
            currency: acme.currency,
            kind: "setup_fee",
            amountMinor: -1234n,
            description: "Setup fee (test)",
            idempotencyKey: "setup:test-1",
            createdAt: new Date("2026-11-20T10:00:00Z"),
          },
          // On the 1st before the sweep ran: December's, on next month's invoice.
          {
            organizationId: acme.organizationId,
            currency: acme.currency,
            kind: "setup_fee",
            amountMinor: -999n,
            description: "Setup fee on the 1st",
            idempotencyKey: "setup:test-2",
            createdAt: new Date("2026-12-01T00:00:10Z"),
          },
        ],
        new Date("2026-11-20T10:00:00Z"),
      ),
    );
    const firstNumber = (await seriesLast("INV-2026")) + 1;

    const result = await runMonthEndIfDue(RUN_AT);
    const recurringCount = [...expected.values()].reduce((sum, account) => sum + account.numbers.length, 0);
    expect(result).toMatchObject({ month: "2026-12", recurringFees: recurringCount, failed: 0 });

    // (a) one recurring fee per billable number, for December, at its monthly fee.
    const recurring = await prisma.ledgerEntry.findMany({
      where: { kind: "recurring_fee" },
      orderBy: { numberId: "asc" },
    });
    const numbers = [...expected.values()].flatMap((account) =>
      account.numbers.map((number) => ({
        ...number,
        organizationId: account.organizationId,
        currency: account.currency,
      })),
    );
    expect(recurring.map((entry) => entry.idempotencyKey).sort()).toEqual(
      numbers.map((number) => `recurring:${number.id}:2026-12`).sort(),
    );
    for (const number of numbers) {
      const entry = recurring.find((candidate) => candidate.numberId === number.id)!;
      expect(entry).toMatchObject({
        organizationId: number.organizationId,
        currency: number.currency,
        amountMinor: -number.feeMinor,
        numberE164: number.e164,
        periodStart: new Date("2026-12-01T00:00:00Z"),
        periodEnd: new Date("2027-01-01T00:00:00Z"),
        createdAt: RUN_AT,
      });
    }

    // (b) one invoice per account, for November, its lines the account's charges up to the run.
    const invoices = await invoicesOfRun("2026-11");
    expect(invoices).toHaveLength(expected.size);
    expectGapless(
      invoices.map((invoice) => invoice.number),
      firstNumber,
    );
    expect(await seriesLast("INV-2026")).toBe(firstNumber + invoices.length - 1);
    for (const invoice of invoices) {
      const account = expected.get(`${invoice.organizationId}:${invoice.currency}`)!;
      expect(account).toBeDefined();
      const charges = await prisma.ledgerEntry.findMany({
        where: {
          organizationId: invoice.organizationId,
          currency: invoice.currency,
          OR: [
            { kind: { not: "tax" }, createdAt: { lt: new Date("2026-12-01T00:00:00Z") } },
            { kind: "recurring_fee", periodStart: new Date("2026-12-01T00:00:00Z") },
          ],
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      const subtotal = -charges.reduce((sum, entry) => sum + entry.amountMinor, 0n);
      const tax = (subtotal * 2000n + 5000n) / 10000n;
      expect(invoice).toMatchObject({
        status: "open",
        kind: "invoice",
        runKey: `2026-11:${invoice.organizationId}:${invoice.currency}`,
        periodStart: new Date("2026-11-01T00:00:00Z"),
        periodEnd: new Date("2026-12-01T00:00:00Z"),
        issuedAt: RUN_AT,
        dueAt: new Date(RUN_AT.getTime() + 14 * DAY_MS),
        subtotalMinor: subtotal,
        taxMinor: tax,
        totalMinor: subtotal + tax,
        taxRateBp: 2000,
        taxTreatment: "domestic",
        taxNote: null,
        seller: {
          name: "Numbers Portal Ltd",
          address: "1 Example Street, London EC1A 1AA",
          country: "GB",
          vat_id: "GB123456789",
        },
        buyer: { legal_name: null, address: null, country: null, vat_id: null },
      });
      expect(invoice.lines.map((line) => [line.position, line.ledgerEntryId, line.amountMinor])).toEqual([
        ...charges.map((entry, index) => [index + 1, entry.id, -entry.amountMinor]),
        [charges.length + 1, invoice.lines.at(-1)!.ledgerEntryId, tax],
      ]);
      const taxEntry = invoice.lines.at(-1)!.ledgerEntry;
      expect(taxEntry).toMatchObject({ kind: "tax", amountMinor: -tax, idempotencyKey: `tax:${invoice.id}` });
      // The balance is the ledger, and paying the total clears the invoice's part of it.
      const account2 = await prisma.billingAccount.findUniqueOrThrow({
        where: {
          organizationId_currency: { organizationId: invoice.organizationId, currency: invoice.currency },
        },
      });
      const all = await prisma.ledgerEntry.aggregate({
        where: { organizationId: invoice.organizationId, currency: invoice.currency },
        _sum: { amountMinor: true },
      });
      expect(account2.balanceMinor).toBe(all._sum.amountMinor);
    }
    const acmeInvoice = invoices.find((invoice) => invoice.runKey === `2026-11:org_acme:${acme.currency}`)!;
    expect(acmeInvoice.lines.map((line) => line.description)).toContain("Setup fee (test)");
    expect(acmeInvoice.lines.map((line) => line.description)).not.toContain("Setup fee on the 1st");

    // The event, the audit entry and the email of each.
    const events = await prisma.event.findMany({ where: { type: "invoice.finalized" } });
    expect(events.map((entry) => (entry.data as { id: string }).id).sort()).toEqual(
      invoices.map((invoice) => invoice.id).sort(),
    );
    const acmeEvent = events.find((entry) => (entry.data as { id: string }).id === acmeInvoice.id)!;
    expect(acmeEvent.data).toMatchObject({
      number: acmeInvoice.number,
      status: "open",
      total: expect.stringMatching(/^\d+\.\d\d$/),
      amount_due: expect.stringMatching(/^\d+\.\d\d$/),
      tax_rate: "20.00",
    });
    const audits = await prisma.auditEvent.findMany({ where: { action: "invoice.finalized" } });
    expect(audits).toHaveLength(invoices.length);
    const billingMembers = await prisma.user.findMany({
      where: { organizationId: "org_acme", role: { in: ["owner", "billing"] } },
      select: { email: true },
      orderBy: { email: "asc" },
    });
    const emails = await prisma.emailMessage.findMany({
      where: { kind: "invoice_finalized", subject: { startsWith: `Invoice ${acmeInvoice.number}:` } },
      orderBy: { to: "asc" },
    });
    expect(billingMembers.length).toBeGreaterThan(0);
    expect(emails.map((email) => email.to)).toEqual(billingMembers.map((member) => member.email));

    // Run again: the month is done (one row read); forced, it charges and invoices nothing.
    expect(await runMonthEndIfDue(new Date(RUN_AT.getTime() + DAY_MS))).toBeNull();
    expect(await runMonthEnd(RUN_AT)).toMatchObject({ recurringFees: 0, invoices: 0, failed: 0 });
    expect(await prisma.ledgerEntry.count({ where: { kind: "recurring_fee" } })).toBe(recurringCount);
    expect(await invoicesOfRun("2026-11")).toHaveLength(expected.size);
    expect(await seriesLast("INV-2026")).toBe(firstNumber + invoices.length - 1);

    // January: December's fees already invoiced; the charge after the run and January's fees are next.
    const january = await runMonthEndIfDue(new Date("2027-01-01T00:00:00Z"));
    expect(january).toMatchObject({
      month: "2027-01",
      recurringFees: recurringCount,
      invoices: expected.size,
    });
    const acmeJanuary = await prisma.invoice.findUniqueOrThrow({
      where: { runKey: `2026-12:org_acme:${acme.currency}` },
      include: { lines: true },
    });
    expect(acmeJanuary.number).toBe("INV-2027-000001");
    expect(acmeJanuary.lines.map((line) => line.description)).toContain("Setup fee on the 1st");
    expect(acmeJanuary.lines.filter((line) => line.description.startsWith("Monthly fee"))).toHaveLength(
      acme.numbers.length,
    );
  });
});
