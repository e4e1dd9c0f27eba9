import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { runMonthEndIfDue } from "@/lib/billing/month-end";
import { billableNumbers } from "@/lib/billing/month-end-fixtures";

// The month-end run leaves out a number whose month is paid already or that no longer bills,
// taxes each invoice by its buyer's billing profile, and settles an invoice that asks for nothing.

describe("the month-end run, number by number and buyer by buyer", () => {
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
