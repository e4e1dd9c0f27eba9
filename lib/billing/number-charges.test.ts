import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { placeOrder, type Buyer } from "@/lib/orders/place-order";
import { releaseNumber, restoreNumber } from "@/lib/numbers/lifecycle";
import { etagFor } from "@/lib/numbers/preconditions";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import type { Writer } from "@/lib/numbers/change-configuration";

// What a number's lifecycle does to the ledger: a release nothing; a restore in the month of its
// release nothing, in a later month the rest of that month; a release for overdue documents of a
// number never active gives its monthly charges back (not the setup fee).

const acme: Buyer = { organizationId: "org_acme", userId: "usr_acme_customer", tokenId: null };
const owner: Writer = {
  kind: "session",
  organizationId: "org_acme",
  role: "owner",
  userId: "usr_acme_customer",
  tokenId: null,
};

/** Buys one available number of `country` (needing documents or not) at fees of 0.31 a month and 0.05 to set up. */
async function buy(country: string, needsDocuments: boolean, now: Date) {
  const prisma = await getPrisma();
  const number = await prisma.inventoryNumber.findFirstOrThrow({
    where: {
      countryId: country,
      status: "available",
      requiredDocumentIds: needsDocuments ? { isEmpty: false } : { isEmpty: true },
    },
    orderBy: { numberE164: "asc" },
  });
  await prisma.product.updateMany({
    where: { regionId: number.regionId, numberTypeId: number.numberTypeId },
    data: { monthlyFee: "0.31", setupFee: "0.05" },
  });
  await placeOrder(
    acme,
    { contact_name: "Lifecycle", items: [{ number_e164: number.numberE164 }] },
    null,
    now,
  );
  return prisma.numberConfiguration.findFirstOrThrow({ where: { number: number.numberE164 } });
}

const entriesOf = async (numberId: string) =>
  (await getPrisma()).ledgerEntry.findMany({
    where: { numberId },
    orderBy: [{ createdAt: "asc" }, { kind: "asc" }, { idempotencyKey: "asc" }],
  });

async function release(numberId: string, now: Date) {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: numberId } });
  await releaseNumber(owner, numberId, etagFor(row), { force: true, now });
}

describe("a number's lifecycle in the ledger", () => {
  it("charges nothing for a release, nor for a restore in the same month", async () => {
    const configuration = await buy("GB", false, new Date("2026-03-10T12:00:00Z"));
    const charged = await entriesOf(configuration.id);
    expect(charged.map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["setup_fee", -5n],
      ["prorated_fee", -22n], // 0.31 × 22/31
    ]);
    await release(configuration.id, new Date("2026-03-20T12:00:00Z"));
    expect(await entriesOf(configuration.id)).toEqual(charged);
    await restoreNumber(owner, configuration.id, new Date("2026-03-31T23:59:00Z"));
    expect(await entriesOf(configuration.id)).toEqual(charged);
  });

  it("charges a restore in a later month the rest of that month, from the restore's day", async () => {
    const configuration = await buy("GB", false, new Date("2026-03-10T12:00:00Z"));
    await release(configuration.id, new Date("2026-03-31T23:00:00Z"));
    const before = await entriesOf(configuration.id);
    await restoreNumber(owner, configuration.id, new Date("2026-04-10T08:00:00Z"));
    const added = (await entriesOf(configuration.id)).slice(before.length);
    // 0.31 × 21/30 = 0.217: 0.22.
    expect(
      added.map((entry) => ({
        kind: entry.kind,
        amount: entry.amountMinor,
        key: entry.idempotencyKey,
        period: [entry.periodStart?.toISOString().slice(0, 10), entry.periodEnd?.toISOString().slice(0, 10)],
      })),
    ).toEqual([
      {
        kind: "prorated_fee",
        amount: -22n,
        key: `restore:${configuration.id}:2026-04`,
        period: ["2026-04-10", "2026-05-01"],
      },
    ]);
  });

  it("gives back the monthly charges of a number released for overdue documents, never the setup fee", async () => {
    const prisma = await getPrisma();
    const soldAt = new Date("2026-03-25T12:00:00Z");
    const configuration = await buy("FR", true, soldAt);
    expect(configuration.status).toBe("pending_documents");
    // April's fee, as the bill run would have written it on the 1st.
    await inRetryingTransaction((tx) =>
      appendEntries(
        tx,
        [
          {
            organizationId: "org_acme",
            currency: "EUR",
            kind: "recurring_fee",
            amountMinor: -31n,
            description: `Monthly fee for ${configuration.number}, April 2026`,
            idempotencyKey: `recurring:${configuration.id}:2026-04`,
            createdAt: new Date("2026-04-01T00:00:00Z"),
            numberId: configuration.id,
            numberE164: configuration.number,
            periodStart: new Date("2026-04-01T00:00:00Z"),
            periodEnd: new Date("2026-05-01T00:00:00Z"),
          },
        ],
        new Date("2026-04-01T00:00:00Z"),
      ),
    );
    const charged = await entriesOf(configuration.id);
    const balance = async () =>
      (
        await prisma.billingAccount.findUniqueOrThrow({
          where: { organizationId_currency: { organizationId: "org_acme", currency: "EUR" } },
        })
      ).balanceMinor;
    const balanceBefore = await balance();

    expect(await sweepDocumentDeadlines(configuration.documentsDue!)).toMatchObject({ released: 1 });
    const credits = (await entriesOf(configuration.id)).filter((entry) => entry.kind === "credit");
    const monthly = charged.filter((entry) => entry.kind !== "setup_fee");
    expect(monthly.map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["prorated_fee", -7n], // 0.31 × 7/31
      ["recurring_fee", -31n],
    ]);
    // One credit per charge, written at the same moment: compared in the charges' order.
    const byCharge = (entry: { reference: string | null }) =>
      monthly.findIndex((charge) => charge.id === entry.reference);
    expect(
      [...credits]
        .sort((a, b) => byCharge(a) - byCharge(b))
        .map((entry) => [entry.amountMinor, entry.idempotencyKey, entry.reference, entry.createdAt]),
    ).toEqual(
      monthly.map((entry) => [
        -entry.amountMinor,
        `overdue-credit:${entry.id}`,
        entry.id,
        configuration.documentsDue,
      ]),
    );
    expect(await balance()).toBe(balanceBefore + 38n);
  });
});
