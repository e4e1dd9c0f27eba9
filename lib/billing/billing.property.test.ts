import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { setRequestClock } from "@/lib/api/request-clock";
import { formatMinor } from "@/lib/billing/money";
import { runMonthEndIfDue } from "@/lib/billing/month-end";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { importInventory } from "@/lib/inventory/import";
import { fillGeography } from "@/lib/orders/backorders";
import { api, get } from "@/tests/api-client";
import { billingInvariants, violatedInvariants } from "@/tests/cluster/invariants";
import { freshNumbers, INVENTORY_CSV_HEADER as HEADER } from "@/tests/inventory-csv";

// Billing under random histories (docs/API.md "Billing"): sales, back-orders and their fills,
// releases, restores, month ends at random instants, payments, credits and voids, in any order,
// on a clock that only moves forward. After every step: each account's balance is the sum of its
// ledger (in SQL and as GET /billing/accounts writes it); every finalized invoice's total is its
// lines'; no entry is on two invoices; a number pays at most one monthly fee a month; each
// invoice series is numbered from 1 with no gap (tests/cluster/invariants.ts billingInvariants).

const REGION = "GB-NATIONAL-3";
const DAY_MS = 86_400_000;
let clock = new Date("2027-01-10T09:00:00Z");
setRequestClock(() => clock);
afterAll(() => setRequestClock(undefined));

type Step =
  | { kind: "advance"; minutes: number }
  | { kind: "buy"; quantity: number }
  | { kind: "backorder" }
  | { kind: "fill"; count: number }
  | { kind: "release"; pick: number }
  | { kind: "restore"; pick: number }
  | { kind: "month_end" }
  | { kind: "pay"; cents: number }
  | { kind: "credit"; cents: number }
  | { kind: "void"; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("advance" as const), minutes: fc.integer({ min: 1, max: 45 * 24 * 60 }) }),
  fc.record({ kind: fc.constant("buy" as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("backorder" as const) }),
  fc.record({ kind: fc.constant("fill" as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("restore" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("month_end" as const) }),
  fc.record({ kind: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant("credit" as const), cents: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ kind: fc.constant("void" as const), pick: fc.nat() }),
);

type One<T> = { data: T };
type NumberRow = { id: string; status: string };

async function numbersIn(status: string): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({
    where: { organizationId: "org_acme", status: status as never, kind: "number" },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => row.id);
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** Does one step; answers a short account of it for a failure's message. */
async function perform(action: Step): Promise<string> {
  switch (action.kind) {
    case "advance":
      clock = new Date(clock.getTime() + action.minutes * 60_000);
      return `advance to ${clock.toISOString()}`;
    case "buy": {
      const placed = await api("POST", "/order", {
        token: "acmeAll",
        body: {
          contact_name: "Property test",
          items: [{ country: "GB", number_type: "national", region: REGION, quantity: action.quantity }],
        },
      });
      // 402 when the account cannot pay: nothing sold, nothing charged; the invariants say so.
      expect([200, 402]).toContain(placed.status);
      return `buy ${action.quantity}: ${placed.status}`;
    }
    case "backorder": {
      const prisma = await getPrisma();
      const stock = await prisma.inventoryNumber.count({
        where: { regionId: REGION, status: "available", requiredDocumentIds: { isEmpty: true } },
      });
      const placed = await api("POST", "/order", {
        token: "acmeAll",
        body: {
          contact_name: "Property test",
          items: [{ country: "GB", number_type: "national", region: REGION, quantity: stock + 1 }],
        },
      });
      expect([200, 402]).toContain(placed.status);
      return `back-order beyond ${stock}: ${placed.status}`;
    }
    case "fill": {
      const fresh = await freshNumbers(REGION, action.count);
      const { stocked } = await importInventory(
        [HEADER, ...fresh.map((number) => `${number},${REGION},true,true,`)].join("\n"),
      );
      let assigned = 0;
      for (const geography of stocked)
        assigned += (await inRetryingTransaction((tx) => fillGeography(tx, geography, clock)))
          .assignedNumbers;
      return `restock ${action.count}: ${assigned} filled`;
    }
    case "release": {
      const id = pick(
        [...(await numbersIn("active")), ...(await numbersIn("pending_documents"))],
        action.pick,
      );
      if (!id) return "release: nothing to release";
      const read = await get<One<NumberRow>>(`/numbers/${id}`, { token: "acmeAll" });
      const released = await api("DELETE", `/numbers/${id}`, {
        token: "acmeAll",
        headers: { "If-Match": read.headers.get("etag") ?? "" },
      });
      expect(released.status).toBe(200);
      return `release ${id}`;
    }
    case "restore": {
      const id = pick(await numbersIn("aging"), action.pick);
      if (!id) return "restore: nothing to restore";
      const restored = await api("POST", `/numbers/${id}/restore`, { token: "acmeAll" });
      // 409 once its window has ended (the worker would return it to inventory).
      expect([200, 409]).toContain(restored.status);
      return `restore ${id}: ${restored.status}`;
    }
    case "month_end":
      await runMonthEndIfDue(clock);
      return `month end at ${clock.toISOString()}`;
    case "pay":
    case "credit": {
      const recorded = await api("POST", action.kind === "pay" ? "/billing/payments" : "/billing/credits", {
        token: "support",
        body: {
          organization_id: "org_acme",
          currency: "GBP",
          amount: formatMinor(BigInt(action.cents)),
          ...(action.kind === "pay"
            ? { reference: `property-${action.cents}`, received_at: clock.toISOString() }
            : { reason: "Property test" }),
        },
      });
      // 400 before the organization has a GBP account at all.
      expect([201, 400]).toContain(recorded.status);
      return `${action.kind} ${action.cents}: ${recorded.status}`;
    }
    case "void": {
      const prisma = await getPrisma();
      const open = await prisma.invoice.findMany({
        where: { organizationId: "org_acme", status: { in: ["open", "uncollectible"] } },
        select: { id: true },
        orderBy: { id: "asc" },
      });
      const invoice = pick(open, action.pick);
      if (!invoice) return "void: no open invoice";
      const voided = await api("POST", `/invoices/${invoice.id}/void`, { token: "support" });
      expect(voided.status).toBe(200);
      return `void ${invoice.id}`;
    }
  }
}

async function expectBillingHolds(history: string[]): Promise<void> {
  const prisma = await getPrisma();
  const violated = await violatedInvariants((sql) => prisma.$queryRawUnsafe(sql), billingInvariants);
  expect(violated, history.join("\n")).toEqual([]);
  const sums = await prisma.ledgerEntry.groupBy({
    by: ["currency"],
    where: { organizationId: "org_acme" },
    _sum: { amountMinor: true },
  });
  const accounts = await get<{ data: Array<{ currency: string; balance: string }> }>("/billing/accounts", {
    token: "acmeAll",
  });
  expect(accounts.status).toBe(200);
  expect(
    Object.fromEntries(accounts.body.data.map((account) => [account.currency, account.balance])),
    history.join("\n"),
  ).toEqual(Object.fromEntries(sums.map((sum) => [sum.currency, formatMinor(sum._sum.amountMinor ?? 0n)])));
}

describe("billing under random histories", () => {
  it("keeps the ledger, the balances and the invoices whole after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        // Each history starts in a month of its own, so the month ends it meets are new.
        clock = new Date(Math.max(clock.getTime() + 32 * DAY_MS, clock.getTime()));
        const history: string[] = [];
        for (const action of steps) {
          history.push(await perform(action));
          await expectBillingHolds(history);
        }
      }),
      { numRuns: 12, seed: 20261128, endOnFailure: true },
    );
    // The histories did what they are for: charged, invoiced, paid, credited and voided.
    const prisma = await getPrisma();
    const kinds = await prisma.ledgerEntry.groupBy({ by: ["kind"], where: { organizationId: "org_acme" } });
    expect(kinds.map((row) => row.kind).sort()).toEqual(
      expect.arrayContaining(["credit", "payment", "prorated_fee", "recurring_fee", "reversal", "tax"]),
    );
    const statuses = await prisma.invoice.groupBy({ by: ["status"], where: { organizationId: "org_acme" } });
    expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining(["void"]));
  }, 900_000);
});
