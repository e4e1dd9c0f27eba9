import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { sweepDunning } from "@/lib/dunning/dunning";
import {
  T0,
  account,
  at,
  newOrganization,
  openInvoice,
  pay,
  settleBeforeTheClock,
  standingEvents,
} from "@/lib/dunning/dunning-fixtures";

// The dunning sweep on an injected clock: two at once move an account once, a late one catches
// up at the times the moves were due, and a voided invoice settles the account. Each test has an
// organization of its own.

settleBeforeTheClock();

describe("dunning on the worker's clock", () => {
  it("two sweeps at once move an account once", async () => {
    const org = await newOrganization();
    await openInvoice(org, 5_000n, T0);
    const results = await Promise.all([sweepDunning(at(15)), sweepDunning(at(15))]);
    expect(results.map((result) => result.past_due).sort()).toEqual([0, 1]);
    const suspended = await Promise.all([sweepDunning(at(29)), sweepDunning(at(29))]);
    expect(suspended.map((result) => result.suspended).sort()).toEqual([0, 1]);
    expect(await standingEvents(org)).toEqual(["past_due", "suspended"]);
    const prisma = await getPrisma();
    // The billing profile's address, once: the organization has no members.
    const to = `accounts@${org.replaceAll("_", "-")}.example`;
    const suspendedEmails = await prisma.emailMessage.findMany({
      where: { kind: "billing_suspended", to },
      select: { to: true, subject: true },
    });
    expect(suspendedEmails).toEqual([
      { to, subject: "Your EUR billing account is suspended: your numbers route no calls" },
    ]);
    // Paid off, so the later tests' sweeps find nothing of it.
    expect((await pay(org, at(29), "50.00")).body.account.standing).toBe("good_standing");
  });

  it("a sweep that comes late catches up at the times the moves were due", async () => {
    const org = await newOrganization();
    await openInvoice(org, 5_000n, T0);
    const result = await sweepDunning(at(45));
    expect(result).toMatchObject({ past_due: 1, suspended: 1, released: 0 });
    expect(await account(org)).toMatchObject({ standing: "suspended", since: at(28).toISOString() });
    expect((await pay(org, at(45), "50.00")).body.account.standing).toBe("good_standing");
  });

  it("an account whose overdue invoice support voided is in good standing at the next sweep", async () => {
    const org = await newOrganization();
    const prisma = await getPrisma();
    const invoice = await openInvoice(org, 5_000n, T0);
    await sweepDunning(at(15));
    await prisma.invoice.update({ where: { id: invoice.id }, data: { status: "void", voidedAt: at(16) } });
    expect(await sweepDunning(at(16))).toMatchObject({ settled: 1 });
    expect(await account(org)).toMatchObject({ standing: "good_standing", since: at(16).toISOString() });
  });
});
