import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { sweepDunning } from "@/lib/dunning/dunning";
import { api, get } from "@/tests/api-client";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import type { PaymentRecorded } from "@/lib/schemas/billing-payments";
import {
  ACME,
  GLOBEX,
  T0,
  account,
  activeRule,
  at,
  balanceOf,
  newOrganization,
  openInvoice,
  pay,
  settleBeforeTheClock,
  standingEvents,
} from "@/lib/dunning/dunning-fixtures";

// Dunning on an injected clock (never slept): an open invoice unpaid past due_at makes the
// account past_due, 14 days later suspended (no number of the organization routes a call),
// 30 days after that the numbers are released; a payment clearing what is past due lifts it
// at once, a partial one does not. How the sweep itself behaves (at once, late, after a void)
// is in dunning-sweeps.test.ts.

settleBeforeTheClock();

describe("dunning on the worker's clock", () => {
  it("due → past_due → +14 days suspended → +30 days released; paying lifts it and calls route again", async () => {
    const prisma = await getPrisma();
    const balanceBefore = await balanceOf(ACME);
    const invoice = await openInvoice(ACME, 12_000n, T0);
    const due = at(14);
    const billingEmails = () =>
      prisma.emailMessage.findMany({
        where: { kind: { in: ["billing_past_due", "billing_suspended"] } },
        orderBy: [{ kind: "asc" }, { to: "asc" }],
        select: { kind: true, to: true, subject: true },
      });

    // Up to the due date nothing moves, and the number routes calls.
    expect(await sweepDunning(at(14, -1))).toEqual({ settled: 0, past_due: 0, suspended: 0, released: 0 });
    expect((await account(ACME)).standing).toBe("good_standing");
    expect((await activeRule("num_acme_main", at(14, -1))).rule).not.toBeNull();

    // Past due from the due date: the owner and the billing member are emailed once.
    expect(await sweepDunning(at(14, 60_000))).toEqual({
      settled: 0,
      past_due: 1,
      suspended: 0,
      released: 0,
    });
    expect(await account(ACME)).toMatchObject({ standing: "past_due", since: due.toISOString() });
    expect(await sweepDunning(at(20))).toEqual({ settled: 0, past_due: 0, suspended: 0, released: 0 });
    expect(await billingEmails()).toEqual([
      {
        kind: "billing_past_due",
        to: "billing@acme.example",
        subject: "Your EUR invoice is past due",
      },
      {
        kind: "billing_past_due",
        to: "customer@acme.example",
        subject: "Your EUR invoice is past due",
      },
    ]);
    // Past due refuses orders (the sale's business) but still routes calls.
    expect((await activeRule("num_acme_main", at(20))).rule).not.toBeNull();

    // 14 days later: suspended, standing_since the moment it was due, not the sweep's.
    expect(await sweepDunning(at(28, -1))).toEqual({ settled: 0, past_due: 0, suspended: 0, released: 0 });
    expect(await sweepDunning(at(28, 5 * 60_000))).toEqual({
      settled: 0,
      past_due: 0,
      suspended: 1,
      released: 0,
    });
    expect(await account(ACME)).toMatchObject({ standing: "suspended", since: at(28).toISOString() });
    expect((await billingEmails()).map((email) => email.kind)).toEqual([
      "billing_past_due",
      "billing_past_due",
      "billing_suspended",
      "billing_suspended",
    ]);

    // Suspended: no call is routed, and active_rule says why; the configuration stays editable.
    const silent = await activeRule("num_acme_main", at(30));
    expect(silent.rule).toBeNull();
    expect(silent.reason).toBe(
      `No rule applies: account_suspended — the organization's EUR billing account is suspended for non-payment since ${at(28).toISOString()}, so no call to any of its numbers is routed until what is past due is paid; the configuration stays editable.`,
    );
    setRequestClock(() => at(30));
    const current = await get<{ data: NumberConfiguration }>("/numbers/num_acme_main", { token: "acmeAll" });
    const renamed = await api<{ data: NumberConfiguration }>("PUT", "/numbers/num_acme_main", {
      token: "acmeAll",
      headers: { "if-match": current.headers.get("etag") ?? "" },
      body: { name: "Renamed while suspended", rules: current.body.data.rules },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe("Renamed while suspended");

    // 30 days after the suspension: the organization's numbers are released, once.
    const held = await prisma.numberConfiguration.count({
      where: { organizationId: ACME, kind: "number", status: { in: ["active", "pending_documents"] } },
    });
    expect(held).toBeGreaterThan(0);
    expect(await sweepDunning(at(58, -1))).toEqual({ settled: 0, past_due: 0, suspended: 0, released: 0 });
    expect(await sweepDunning(at(58))).toEqual({ settled: 0, past_due: 0, suspended: 0, released: held });
    expect(await sweepDunning(at(58, 60_000))).toEqual({
      settled: 0,
      past_due: 0,
      suspended: 0,
      released: 0,
    });
    const main = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_main" } });
    expect({ status: main.status, restorableUntil: main.restorableUntil }).toEqual({
      status: "aging",
      restorableUntil: at(58 + 14),
    });
    const audit = await prisma.auditEvent.findMany({
      where: {
        resourceId: "num_acme_main",
        action: { in: ["number.released", "number.released_for_non_payment"] },
      },
      orderBy: { action: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.actorType])).toEqual([
      ["number.released", "system"],
      ["number.released_for_non_payment", "system"],
    ]);

    // A payment of what is due lifts the suspension in its own transaction; the invoice is paid.
    const paid = await pay(ACME, at(60), "120.00");
    expect(paid.status).toBe(201);
    expect(paid.body.allocations).toEqual([
      { invoice_id: invoice.id, number: invoice.number, amount: "120.00" },
    ]);
    expect(paid.body.account).toMatchObject({
      standing: "good_standing",
      standing_since: at(60).toISOString(),
    });
    expect((await account(ACME)).balance).toBe(balanceBefore);
    expect(await standingEvents(ACME)).toEqual(["past_due", "suspended", "good_standing"]);
    const after = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect({ status: after.status, paidAt: after.paidAt }).toEqual({ status: "paid", paidAt: at(60) });

    // Released numbers are restorable as usual, and route calls again once restored.
    setRequestClock(() => at(60));
    const restored = await api("POST", "/numbers/num_acme_main/restore", { token: "acmeAll" });
    expect(restored.status).toBe(200);
    expect((await activeRule("num_acme_main", at(60))).rule).not.toBeNull();
  });

  it("a payment clearing what is past due lifts a suspension at once and calls route again; a partial one does not", async () => {
    const prisma = await getPrisma();
    const balanceBefore = await balanceOf(GLOBEX);
    const older = await openInvoice(GLOBEX, 5_000n, T0);
    const newer = await openInvoice(GLOBEX, 7_000n, at(10));
    await sweepDunning(at(14));
    await sweepDunning(at(28));
    expect(await account(GLOBEX)).toMatchObject({ standing: "suspended", since: at(28).toISOString() });
    expect((await activeRule("num_globex_hq", at(29))).rule).toBeNull();

    // Partial: 30.00 of the older invoice's 50.00; still past due, still suspended.
    const partial = await pay(GLOBEX, at(29), "30.00");
    expect(partial.status).toBe(201);
    expect(partial.body.allocations).toEqual([
      { invoice_id: older.id, number: older.number, amount: "30.00" },
    ]);
    expect(partial.body.account.standing).toBe("suspended");
    expect((await activeRule("num_globex_hq", at(29))).rule).toBeNull();

    // 20.00 more pays the older one; the newer one (due at day 24) is past due too: still suspended.
    const second = await pay(GLOBEX, at(29), "20.00");
    expect(second.body.allocations).toEqual([
      { invoice_id: older.id, number: older.number, amount: "20.00" },
    ]);
    expect(second.body.account.standing).toBe("suspended");

    // Everything: the newer one paid, 10.00 left on the balance, good standing at once.
    const rest = await pay(GLOBEX, at(29), "80.00");
    expect(rest.body.allocations).toEqual([{ invoice_id: newer.id, number: newer.number, amount: "70.00" }]);
    expect(rest.body.account.standing).toBe("good_standing");
    expect(await balanceOf(GLOBEX)).toBe(balanceBefore + 1_000n);
    expect((await activeRule("num_globex_hq", at(29))).rule).not.toBeNull();
    const statuses = await prisma.invoice.findMany({
      where: { id: { in: [older.id, newer.id] } },
      orderBy: { dueAt: "asc" },
      select: { status: true },
    });
    expect(statuses.map((row) => row.status)).toEqual(["paid", "paid"]);
    const paidEvents = await prisma.event.findMany({
      where: { organizationId: GLOBEX, type: "invoice.paid" },
      orderBy: { seq: "asc" },
    });
    expect(paidEvents.map((row) => (row.data as { id: string }).id)).toEqual([older.id, newer.id]);
    const allocations = await prisma.paymentAllocation.findMany({
      where: { invoiceId: { in: [older.id, newer.id] } },
      orderBy: { amountMinor: "asc" },
    });
    expect(allocations.map((row) => row.amountMinor)).toEqual([2_000n, 3_000n, 7_000n]);
    expect(await standingEvents(GLOBEX)).toEqual(["past_due", "suspended", "good_standing"]);
  });

  it("a payment while past due but not clearing the oldest leaves the account past due", async () => {
    const org = await newOrganization();
    await openInvoice(org, 5_000n, T0);
    await sweepDunning(at(15));
    const partial = await pay(org, at(16), "49.99");
    expect(partial.body.account.standing).toBe("past_due");
    const credit = await api<PaymentRecorded>("POST", "/billing/credits", {
      token: "support",
      body: { organization_id: org, currency: "EUR", amount: "0.01", reason: "Goodwill" },
    });
    expect(credit.status).toBe(201);
    expect(credit.body.entry).toMatchObject({ kind: "credit", amount: "0.01", reference: "Goodwill" });
    expect(credit.body.account.standing).toBe("good_standing");
  });
});
