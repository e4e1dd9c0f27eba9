import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { runMonthEnd, runMonthEndIfDue, type Account } from "@/lib/billing/month-end";
import { statesWhere } from "@/lib/schemas/number-states";

// The month-end run cut by a throw in the middle of an account, and run by two instances at
// once (two concurrent calls: on PostgreSQL two connections; PGlite queues them): every charge
// once, one invoice per account and month, no gap in the numbers. Both in batches of two accounts,
// so the run has several batches (on PostgreSQL two at once) and the cut one is split.

const SMALL = { accounts: 2, numbers: 1_000_000 };

async function billableAccounts(): Promise<{ accounts: string[]; numbers: number }> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ account: string; numbers: number }[]>`
    SELECT c.organization_id || ':' || oi.currency AS account, count(*)::int AS numbers
      FROM number_configuration c JOIN inventory_number i ON i.id = c.inventory_number_id
      JOIN order_item oi ON oi.id = i.order_item_id
     WHERE c.status::text = ANY(${statesWhere("billable")}::text[]) AND oi.monthly_fee > 0
     GROUP BY 1 ORDER BY 1`;
  return {
    accounts: rows.map((row) => row.account),
    numbers: rows.reduce((sum, row) => sum + row.numbers, 0),
  };
}

async function numbersOf(month: string): Promise<string[]> {
  const prisma = await getPrisma();
  const invoices = await prisma.invoice.findMany({
    where: { runKey: { startsWith: `${month}:` } },
    select: { number: true },
    orderBy: { number: "asc" },
  });
  return invoices.map((invoice) => invoice.number!);
}

const sequence = (first: number, count: number, year = 2026) =>
  Array.from({ length: count }, (_, index) => `INV-${year}-${String(first + index).padStart(6, "0")}`);

describe("the month-end run, interrupted or run twice at once", () => {
  it("a throw in one account rolls back that account only; the next pass finishes without a gap", async () => {
    const prisma = await getPrisma();
    const { accounts, numbers } = await billableAccounts();
    expect(accounts.length).toBeGreaterThan(2);
    const first =
      ((await prisma.invoiceNumberSeries.findUnique({ where: { series: "INV-2026" } }))?.last ?? 0) + 1;
    const now = new Date("2026-12-01T00:00:00Z");
    const victim = accounts[1];
    const cut = (account: Account) => {
      if (`${account.organizationId}:${account.currency}` === victim) throw new Error("killed mid-run");
    };

    await expect(runMonthEndIfDue(now, { beforeFinalize: cut, batch: SMALL })).rejects.toThrow(
      "killed mid-run",
    );
    // The others closed; the victim wrote nothing (its fees, draft, lines and tax rolled back).
    expect(await numbersOf("2026-11")).toEqual(sequence(first, accounts.length - 1));
    const [organizationId, currency] = victim.split(":");
    expect(await prisma.invoice.count({ where: { organizationId, currency } })).toBe(0);
    expect(
      await prisma.ledgerEntry.count({ where: { organizationId, currency, kind: "recurring_fee" } }),
    ).toBe(0);
    expect(await prisma.billingRun.count()).toBe(0);

    // The next pass: the victim's invoice takes the next number, nothing else is charged again.
    expect(await runMonthEndIfDue(new Date(now.getTime() + 60_000))).toMatchObject({
      invoices: 1,
      failed: 0,
    });
    expect(await numbersOf("2026-11")).toEqual(sequence(first, accounts.length));
    expect(await prisma.ledgerEntry.count({ where: { kind: "recurring_fee" } })).toBe(numbers);
    expect(await prisma.ledgerEntry.count({ where: { kind: "tax" } })).toBe(accounts.length);
    expect(await prisma.billingRun.findUnique({ where: { month: "2026-12" } })).toMatchObject({
      accounts: accounts.length,
    });
  });

  it("two runs at once charge every fee once and number every invoice once, in sequence", async () => {
    const prisma = await getPrisma();
    const { accounts, numbers } = await billableAccounts();
    const first =
      ((await prisma.invoiceNumberSeries.findUnique({ where: { series: "INV-2027" } }))?.last ?? 0) + 1;
    const now = new Date("2027-01-01T00:00:00Z");

    const results = await Promise.all([
      runMonthEnd(now, { batch: SMALL }),
      runMonthEnd(now, { batch: SMALL }),
    ]);
    expect(results.map((result) => result.failed)).toEqual([0, 0]);
    expect(results[0].invoices + results[1].invoices).toBe(accounts.length);
    expect(results[0].recurringFees + results[1].recurringFees).toBe(numbers);
    expect(await numbersOf("2026-12")).toEqual(sequence(first, accounts.length, 2027));
    expect(
      await prisma.ledgerEntry.count({
        where: { kind: "recurring_fee", idempotencyKey: { endsWith: ":2027-01" } },
      }),
    ).toBe(numbers);
    expect(
      await prisma.invoiceNumberSeries.findUniqueOrThrow({ where: { series: "INV-2027" } }),
    ).toMatchObject({
      last: first + accounts.length - 1,
    });
    // Every account's balance is still its ledger.
    const drift = await prisma.$queryRaw<{ organization_id: string }[]>`
      SELECT a.organization_id FROM billing_account a
       WHERE a.balance_minor <> (SELECT COALESCE(sum(amount_minor), 0) FROM ledger_entry e
                                  WHERE e.organization_id = a.organization_id AND e.currency = a.currency)`;
    expect(drift).toEqual([]);
  });

  it("once the month is recorded, a later pass closes only an account with past-month entries on no invoice", async () => {
    const prisma = await getPrisma();
    const now = new Date("2027-01-01T00:10:00Z");
    expect(await prisma.billingRun.findUnique({ where: { month: "2027-01" } })).not.toBeNull();
    expect(await runMonthEndIfDue(now)).toBeNull();
    // An account the first pass did not know (its entry dated in December, written afterwards).
    await inRetryingTransaction((tx) =>
      appendEntries(
        tx,
        [
          {
            organizationId: "org_operator",
            currency: "SEK",
            kind: "setup_fee",
            amountMinor: -5000n,
            description: "Setup fee (late)",
            idempotencyKey: "setup:late",
            createdAt: new Date("2026-12-31T23:59:00Z"),
          },
        ],
        now,
      ),
    );
    expect(await runMonthEndIfDue(now)).toMatchObject({ accounts: 1, invoices: 1, failed: 0 });
    expect(
      await prisma.invoice.findUniqueOrThrow({ where: { runKey: "2026-12:org_operator:SEK" } }),
    ).toMatchObject({
      status: "open",
      subtotalMinor: 5000n,
      taxMinor: 1000n,
      totalMinor: 6000n,
    });
    expect(await runMonthEndIfDue(now)).toBeNull();
  });
});
