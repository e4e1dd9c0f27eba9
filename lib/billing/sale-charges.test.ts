import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { placeOrder, type Buyer } from "@/lib/orders/place-order";
import { fillGeography } from "@/lib/orders/backorders";
import { importInventory } from "@/lib/inventory/import";
import { freshNumbers, INVENTORY_CSV_HEADER } from "@/tests/inventory-csv";
import { api } from "@/tests/api-client";

// The sale's charges (prisma/functions/sale_charge_item.sql) and the checks place_order and
// fill_backorders make with them: a setup fee and the rest of the month per number sold, in the
// sale's transaction; a 402 that sells, consumes and charges nothing and is replayed for its key.

const REGION = "GB-NATIONAL-3";
const acme: Buyer = { organizationId: "org_acme", userId: "usr_acme_customer", tokenId: null };
const globex: Buyer = { organizationId: "org_globex", userId: "usr_globex_customer", tokenId: null };
const MID_MARCH = new Date("2026-03-15T10:00:00Z");

/** Sets an account's credit limit so that it has `available` minor units, opening it if need be. */
async function makeAvailable(organizationId: string, available: bigint, now = MID_MARCH) {
  const prisma = await getPrisma();
  const account = await prisma.billingAccount.upsert({
    where: { organizationId_currency: { organizationId, currency: "GBP" } },
    create: {
      organizationId,
      currency: "GBP",
      creditLimitMinor: available,
      standingSince: now,
      createdAt: now,
    },
    update: {},
  });
  await prisma.billingAccount.update({
    where: { organizationId_currency: { organizationId, currency: "GBP" } },
    data: { creditLimitMinor: available - account.balanceMinor },
  });
}

const entriesOf = async (organizationId: string) =>
  (await getPrisma()).ledgerEntry.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { idempotencyKey: "asc" }],
  });
const balanceOf = async (organizationId: string) =>
  (
    await (
      await getPrisma()
    ).billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId, currency: "GBP" } },
    })
  ).balanceMinor;

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

let plainNumbers: string[] = [];

beforeAll(async () => {
  const prisma = await getPrisma();
  // The region's cheapest product (the one an order without product_id buys) at fees whose
  // proration is easy to follow: 0.31 a month is 0.01 a day in a 31-day month.
  const product = await prisma.product.findFirstOrThrow({
    where: { regionId: REGION },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  await prisma.product.update({ where: { id: product.id }, data: { monthlyFee: "0.31", setupFee: "0.05" } });
  plainNumbers = (
    await prisma.inventoryNumber.findMany({
      where: { regionId: REGION, status: "available", requiredDocumentIds: { isEmpty: true } },
      orderBy: { numberE164: "asc" },
    })
  ).map((number) => number.numberE164);
  expect(plainNumbers.length).toBeGreaterThan(3);
});

describe("a sale's charges", () => {
  it("charges a named number its setup fee and the rest of the month, and answers the charges", async () => {
    const [number] = plainNumbers;
    const placed = await placeOrder(
      acme,
      { contact_name: "Charges", items: [{ number_e164: number }] },
      null,
      MID_MARCH,
    );
    // 15 March leaves 17 of 31 days: 0.31 × 17/31 = 0.17.
    expect(placed.body.data.charges).toEqual([
      { currency: "GBP", setup_fees: "0.05", prorated_fees: "0.17", total_now: "0.22", monthly: "0.31" },
    ]);
    const prisma = await getPrisma();
    const configuration = await prisma.numberConfiguration.findFirstOrThrow({ where: { number } });
    const order = await prisma.order.findFirstOrThrow({
      where: { referenceId: placed.body.data.reference_id },
    });
    expect(
      (await entriesOf("org_acme")).map((entry) => ({
        kind: entry.kind,
        amount: entry.amountMinor,
        key: entry.idempotencyKey,
        numberId: entry.numberId,
        e164: entry.numberE164,
        orderId: entry.orderId,
        period: [entry.periodStart?.toISOString().slice(0, 10), entry.periodEnd?.toISOString().slice(0, 10)],
        description: entry.description,
        createdAt: entry.createdAt,
      })),
    ).toEqual([
      {
        kind: "prorated_fee",
        amount: -17n,
        key: `prorated:${configuration.id}:2026-03`,
        numberId: configuration.id,
        e164: number,
        orderId: order.id,
        period: ["2026-03-15", "2026-04-01"],
        description: `Monthly fee for ${number} from 2026-03-15 to the end of the month`,
        createdAt: MID_MARCH,
      },
      {
        kind: "setup_fee",
        amount: -5n,
        key: `setup:${configuration.id}`,
        numberId: configuration.id,
        e164: number,
        orderId: order.id,
        period: [undefined, undefined],
        description: `Setup fee for ${number}`,
        createdAt: MID_MARCH,
      },
    ]);
    expect(await balanceOf("org_acme")).toBe(-22n);
  });

  it("refuses an order over the limit with 402: nothing sold, held or charged, and replays it for its key", async () => {
    const prisma = await getPrisma();
    const number = plainNumbers[1];
    await makeAvailable("org_acme", 10n);
    const heldUntil = new Date(MID_MARCH.getTime() + 600_000);
    await prisma.numberHold.create({
      data: { numberE164: number, organizationId: "org_acme", heldUntil, createdAt: MID_MARCH },
    });
    const before = { entries: await entriesOf("org_acme"), orders: await prisma.order.count() };
    const request = { contact_name: "Over the limit", items: [{ number_e164: number }] };

    const refused = await refusal(placeOrder(acme, request, "key-402", MID_MARCH));
    expect([refused.status, refused.code, refused.message, refused.details]).toEqual([
      402,
      "insufficient_funds",
      "This order would charge GBP 0.22 now, more than the account has available (GBP 0.10). Nothing was ordered.",
      '[{"currency":"GBP","needed":"0.22","available":"0.10"}]',
    ]);
    expect((await prisma.inventoryNumber.findUniqueOrThrow({ where: { numberE164: number } })).status).toBe(
      "available",
    );
    expect(await prisma.numberHold.findUnique({ where: { numberE164: number } })).toMatchObject({
      heldUntil,
    });
    expect({ entries: await entriesOf("org_acme"), orders: await prisma.order.count() }).toEqual(before);
    expect(await balanceOf("org_acme")).toBe(-22n);

    // The key keeps its 402, even once the account could pay; another body is a conflict.
    await makeAvailable("org_acme", 1_000n);
    const replayed = await refusal(placeOrder(acme, request, "key-402", MID_MARCH));
    expect(replayed.toBody()).toEqual(refused.toBody());
    const conflict = await refusal(
      placeOrder(acme, { ...request, contact_name: "Another body" }, "key-402", MID_MARCH),
    );
    expect(conflict.code).toBe("idempotency_conflict");
    // A new key buys it.
    const placed = await placeOrder(acme, request, "key-402-again", MID_MARCH);
    expect(placed.body.data.charges.map((charge) => charge.total_now)).toEqual(["0.22"]);
    expect(await prisma.numberHold.findUnique({ where: { numberE164: number } })).toBeNull();
  });

  it("answers the 402 over HTTP in the error body the API documents", async () => {
    await makeAvailable("org_acme", 0n);
    const answer = await api("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Over the limit", items: [{ number_e164: plainNumbers[2] }] },
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      message: "Payment Required",
      error: { code: "insufficient_funds" },
    });
  });

  it("refuses every order of an organization past due with 402 account_past_due", async () => {
    const prisma = await getPrisma();
    await makeAvailable("org_acme", 1_000_000n);
    await prisma.billingAccount.update({
      where: { organizationId_currency: { organizationId: "org_acme", currency: "GBP" } },
      data: { standing: "past_due" },
    });
    const before = await entriesOf("org_acme");
    const refused = await refusal(
      placeOrder(
        acme,
        { contact_name: "Past due", items: [{ number_e164: plainNumbers[2] }] },
        "key-pd",
        MID_MARCH,
      ),
    );
    expect([refused.status, refused.code, refused.details]).toEqual([
      402,
      "account_past_due",
      "currency=GBP; standing=past_due",
    ]);
    expect(await entriesOf("org_acme")).toEqual(before);
    await prisma.billingAccount.update({
      where: { organizationId_currency: { organizationId: "org_acme", currency: "GBP" } },
      data: { standing: "good_standing" },
    });
    // Replayed for its key, though the account is in good standing again.
    const replayed = await refusal(
      placeOrder(
        acme,
        { contact_name: "Past due", items: [{ number_e164: plainNumbers[2] }] },
        "key-pd",
        MID_MARCH,
      ),
    );
    expect(replayed.code).toBe("account_past_due");
  });

  it("charges a geography's numbers at the sale, and back-ordered ones at their fill, skipping who cannot pay", async () => {
    const prisma = await getPrisma();
    const stock = await prisma.inventoryNumber.count({
      where: { regionId: REGION, status: "available", requiredDocumentIds: { isEmpty: true } },
    });
    const geography = { country: "GB", number_type: "national", region: REGION };
    const placed = await placeOrder(
      acme,
      { contact_name: "Geography", items: [{ ...geography, quantity: stock + 1 }] },
      null,
      MID_MARCH,
    );
    expect(placed.body.data.charges).toEqual([
      {
        currency: "GBP",
        setup_fees: (stock * 0.05).toFixed(2),
        prorated_fees: (stock * 0.17).toFixed(2),
        total_now: (stock * 0.22).toFixed(2),
        monthly: (stock * 0.31).toFixed(2),
      },
    ]);
    const waiting = await placeOrder(
      globex,
      { contact_name: "Geography", items: [{ ...geography, quantity: 1 }] },
      null,
      MID_MARCH,
    );
    expect(waiting.body.data.charges).toEqual([]);

    // Acme's item waits longer but Acme has nothing left: Globex's is filled, Acme's stays.
    await makeAvailable("org_acme", 0n);
    const fresh = await freshNumbers(REGION, 2);
    await importInventory(
      [INVENTORY_CSV_HEADER, ...fresh.map((e164) => `${e164},${REGION},true,true,`)].join("\n"),
    );
    const lastMinute = new Date("2026-04-30T23:59:00Z");
    const stocked = { countryId: "GB", numberTypeId: "national", regionId: REGION };
    const acmeBefore = await entriesOf("org_acme");
    const filled = await inRetryingTransaction((tx) => fillGeography(tx, stocked, lastMinute));
    expect(filled).toEqual({
      assignedNumbers: 1,
      orders: [{ referenceId: waiting.body.data.reference_id, status: "completed" }],
    });
    expect(await entriesOf("org_acme")).toEqual(acmeBefore);
    const globexOrder = await prisma.order.findFirstOrThrow({
      where: { referenceId: waiting.body.data.reference_id },
      include: { items: true },
    });
    // 30 April is one day of 30: 0.31 / 30 = 0.0103 → 0.01.
    expect(
      (await entriesOf("org_globex")).map((entry) => [
        entry.kind,
        entry.amountMinor,
        entry.numberE164,
        entry.orderId,
      ]),
    ).toEqual([
      ["prorated_fee", -1n, fresh[0], globexOrder.id],
      ["setup_fee", -5n, fresh[0], globexOrder.id],
    ]);
    const acmeOrder = await prisma.order.findFirstOrThrow({
      where: { referenceId: placed.body.data.reference_id },
      include: { items: true },
    });
    expect(acmeOrder.items.map((item) => item.backorderedQuantity)).toEqual([1]);

    // Once Acme can pay, the next fill gives it the number left.
    await makeAvailable("org_acme", 6n);
    const next = await inRetryingTransaction((tx) => fillGeography(tx, stocked, lastMinute));
    expect(next.assignedNumbers).toBe(1);
    expect(await balanceOf("org_acme")).toBe(
      (await entriesOf("org_acme")).reduce((sum, entry) => sum + entry.amountMinor, 0n),
    );
  });
});
