import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { runMonthEnd, runMonthEndIfDue } from "@/lib/billing/month-end";
import { statesWhere } from "@/lib/schemas/number-states";

// The month-end run on the worker's clock (injected): every billable number's recurring fee once,
// one invoice per account and month with the tax as an entry and a line, numbered without gaps,
// whether the run is repeated, cut by a throw, or run twice at once.

const DAY_MS = 24 * 60 * 60 * 1000;
const RUN_AT = new Date("2026-12-01T00:00:30Z");

type Expected = {
  organizationId: string;
  currency: string;
  numbers: { id: string; e164: string; feeMinor: bigint }[];
};

/** The billable numbers with a fee, per account, as the database holds them now. */
async function billableNumbers(): Promise<Map<string, Expected>> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<
    { organization_id: string; currency: string; id: string; number: string; fee: bigint }[]
  >`
    SELECT c.organization_id, oi.currency, c.id, c.number, round(oi.monthly_fee * 100)::bigint AS fee
      FROM number_configuration c JOIN inventory_number i ON i.id = c.inventory_number_id
      JOIN order_item oi ON oi.id = i.order_item_id
     WHERE c.status::text = ANY(${statesWhere("billable")}::text[]) AND oi.monthly_fee > 0
     ORDER BY c.organization_id, oi.currency, c.id`;
  const accounts = new Map<string, Expected>();
  for (const row of rows) {
    const key = `${row.organization_id}:${row.currency}`;
    const account = accounts.get(key) ?? {
      organizationId: row.organization_id,
      currency: row.currency,
      numbers: [],
    };
    account.numbers.push({ id: row.id, e164: row.number, feeMinor: row.fee });
    accounts.set(key, account);
  }
  return accounts;
}

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

  it("skips numbers already charged for the month or released, taxes by the buyer, and settles a credit-only invoice", async () => {
    const prisma = await getPrisma();
    const now = new Date("2027-02-01T00:00:30Z");
    const expected = await billableNumbers();
    const accounts = [...expected.values()];
    const acme = accounts.find(
      (account) => account.organizationId === "org_acme" && account.numbers.length > 1,
    )!;
    const globex = accounts.filter((account) => account.organizationId === "org_globex");
    expect(globex.length).toBeGreaterThan(1);
    const [soldInMonth, released] = acme.numbers;
    // One number was sold on the 1st before the run (its prorated fee paid for February), one released.
    await inRetryingTransaction(async (tx) => {
      await appendEntries(
        tx,
        [
          {
            organizationId: "org_acme",
            currency: acme.currency,
            kind: "prorated_fee",
            amountMinor: -soldInMonth.feeMinor,
            description: "Prorated fee (test)",
            idempotencyKey: `prorated:${soldInMonth.id}:2027-02`,
            createdAt: new Date("2027-02-01T00:00:00Z"),
            numberId: soldInMonth.id,
          },
          // globex's first account: a credit back larger than its month's fees.
          {
            organizationId: "org_globex",
            currency: globex[0].currency,
            kind: "credit",
            amountMinor: 100_000n,
            description: "Monthly charges credited back (test)",
            idempotencyKey: "overdue-credit:test",
            createdAt: new Date("2027-01-15T00:00:00Z"),
          },
        ],
        now,
      );
      await tx.numberConfiguration.update({ where: { id: released.id }, data: { status: "aging" } });
      // acme is a business in France with a VAT ID; globex is in the United States.
      await tx.billingProfile.create({
        data: {
          organizationId: "org_acme",
          legalName: "Acme SARL",
          address: "1 rue Exemple, Paris",
          country: "FR",
          vatId: "FR12345678901",
          emails: ["ap@acme.example"],
          updatedAt: now,
        },
      });
      await tx.billingProfile.create({
        data: {
          organizationId: "org_globex",
          legalName: "Globex Inc",
          address: "1 Main St, Springfield",
          country: "US",
          vatId: null,
          updatedAt: now,
        },
      });
    });

    await runMonthEndIfDue(now);
    const february = await prisma.ledgerEntry.findMany({
      where: {
        kind: "recurring_fee",
        idempotencyKey: { endsWith: ":2027-02" },
        organizationId: "org_acme",
        currency: acme.currency,
      },
    });
    expect(february.map((entry) => entry.numberId).sort()).toEqual(
      acme.numbers
        .filter((number) => number !== soldInMonth && number !== released)
        .map((number) => number.id)
        .sort(),
    );

    const acmeInvoice = await prisma.invoice.findUniqueOrThrow({
      where: { runKey: `2027-01:org_acme:${acme.currency}` },
      include: { lines: { include: { ledgerEntry: true } } },
    });
    expect(acmeInvoice).toMatchObject({
      status: "open",
      taxRateBp: 0,
      taxMinor: 0n,
      taxTreatment: "reverse_charge",
      taxNote: "Reverse charge",
      buyer: {
        legal_name: "Acme SARL",
        address: "1 rue Exemple, Paris",
        country: "FR",
        vat_id: "FR12345678901",
      },
    });
    expect(acmeInvoice.totalMinor).toBe(acmeInvoice.subtotalMinor);
    // No tax, no tax entry; the number sold on the 1st is on none of its lines (March's invoice has it).
    expect(acmeInvoice.lines.map((line) => line.ledgerEntry.kind)).not.toContain("tax");
    expect(acmeInvoice.lines.filter((line) => line.ledgerEntry.numberId === soldInMonth.id)).toEqual([]);
    const acmeMail = await prisma.emailMessage.findMany({
      where: { subject: { startsWith: `Invoice ${acmeInvoice.number}:` } },
      orderBy: { createdAt: "asc" },
    });
    expect(acmeMail[0].to).toBe("ap@acme.example");
    expect(acmeMail[0].text).toContain("Tax (0.00%, Reverse charge): 0.00");

    const [credited, other] = await Promise.all(
      globex
        .slice(0, 2)
        .map((account) =>
          prisma.invoice.findUniqueOrThrow({ where: { runKey: `2027-01:org_globex:${account.currency}` } }),
        ),
    );
    expect(credited).toMatchObject({
      status: "paid",
      paidAt: now,
      taxMinor: 0n,
      taxTreatment: "outside_scope",
      taxNote: "Outside the scope of VAT",
    });
    expect(credited.totalMinor).toBeLessThanOrEqual(0n);
    expect(other).toMatchObject({ status: "open", taxMinor: 0n, taxTreatment: "outside_scope" });
  });
});
