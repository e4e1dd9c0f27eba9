import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { dispatch, get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { runMonthEnd } from "@/lib/billing/month-end";
import { releaseNumber, restoreNumber } from "@/lib/numbers/lifecycle";
import { etagFor } from "@/lib/numbers/preconditions";
import type { Writer } from "@/lib/numbers/change-configuration";
import { driveCarrier } from "@/lib/porting/driver";
import { makeEndUserAndAddress } from "@/lib/porting/test-orders";
import { submittedOrder } from "@/lib/porting/test-ports";
import type { InvoiceWithLines } from "@/lib/schemas/invoices";

// A ported number after its FOC is billed as a sold one (docs/API.md "Charges and the ledger"):
// the month-end run charges its monthly fee in advance, the upcoming invoice shows it, a month
// the activation paid already is not charged again, and a restore is charged and gated as the
// activation was — all at the destination's cheapest product, the port's own (port_product).
// The simulated carrier answers a business day after submission; the FOC is 10:00 UTC of the
// requested date. Fees easy to follow: GB local 2.80 a month (0.10 a day in February 2027) and
// 0.50 to set up; IE local (needs documents) 1.50 a month, nothing to set up.

const at = (iso: string) => new Date(iso);
const owner: Writer = {
  kind: "session",
  organizationId: "org_acme",
  role: "owner",
  userId: "usr_acme_customer",
  tokenId: null,
};

/** Makes the destination's cheapest product cost `fees` and every other one 9.99 a month. */
async function priceDestination(country: string, fees: { monthlyFee: string; setupFee: string }) {
  const prisma = await getPrisma();
  const where = { countryId: country, numberTypeId: "local" };
  const cheapest = await prisma.product.findFirstOrThrow({
    where,
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  await prisma.product.updateMany({
    where: { ...where, id: { not: cheapest.id } },
    data: { monthlyFee: "9.99", setupFee: "1.00" },
  });
  await prisma.product.update({ where: { id: cheapest.id }, data: fees });
  return cheapest.id;
}

let irishProduct: number;
beforeAll(async () => {
  const prisma = await getPrisma();
  await priceDestination("GB", { monthlyFee: "2.80", setupFee: "0.50" });
  irishProduct = await priceDestination("IE", { monthlyFee: "1.50", setupFee: "0" });
  await prisma.organization.createMany({
    data: [
      { id: "org_ported_monthly", name: "Ported Monthly Ltd" },
      { id: "org_ported_first", name: "Ported On The First Ltd" },
    ],
  });
});

/** Ports `number` in for the organization: submitted at `submittedAt`, active (or pending) at the FOC. */
async function portIn(
  number: string,
  options: { organizationId: string; submittedAt: Date; focDate: string; country?: string },
) {
  await submittedOrder({
    numbers: [number],
    at: options.submittedAt,
    requestedFocDate: options.focDate,
    organizationId: options.organizationId,
    country: options.country,
  });
  await driveCarrier(new Date(options.submittedAt.getTime() + 86_400_000));
  expect(await driveCarrier(at(`${options.focDate}T10:00:00Z`))).toMatchObject({ completed: 1 });
  const prisma = await getPrisma();
  return prisma.numberConfiguration.findFirstOrThrow({ where: { number } });
}

/** The number's entries as [kind, amount minor, key with <id>, description, order id]. */
async function entriesOf(numberId: string) {
  const prisma = await getPrisma();
  const entries = await prisma.ledgerEntry.findMany({
    where: { numberId },
    orderBy: [{ createdAt: "asc" }, { kind: "asc" }],
  });
  return entries.map((entry) => [
    entry.kind,
    Number(entry.amountMinor),
    entry.idempotencyKey.replace(numberId, "<id>"),
    entry.description,
    entry.orderId,
  ]);
}

/**
 * The lines of the organization's invoice for `month`, but its tax, as [description, amount minor],
 * by description: entries of one moment (the FOC's setup and prorated fees) are in id order.
 */
async function invoiceLines(organizationId: string, month: string) {
  const prisma = await getPrisma();
  const invoice = await prisma.invoice.findUniqueOrThrow({
    where: { runKey: `${month}:${organizationId}:GBP` },
    include: { lines: { include: { ledgerEntry: true }, orderBy: { position: "asc" } } },
  });
  return invoice.lines
    .filter((line) => line.ledgerEntry.kind !== "tax")
    .map((line) => [line.description, Number(line.amountMinor)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

describe("a ported number's monthly fee", () => {
  it("is in the upcoming invoice and charged by the next month-end, at the destination's product", async () => {
    const number = "+442079470001";
    const organizationId = "org_ported_monthly";
    const ported = await portIn(number, {
      organizationId,
      submittedAt: at("2027-02-01T09:00:00Z"),
      focDate: "2027-02-03",
    });
    expect(ported.status).toBe("active");
    const setup = ["setup_fee", -50, "setup:<id>", `Setup fee for ${number}`, null];
    // The rest of February from the 3rd: 26 days of 0.10.
    const february = [
      "prorated_fee",
      -260,
      "prorated:<id>:2027-02",
      `Monthly fee for ${number} from 2027-02-03 to the end of the month`,
      null,
    ];
    expect(await entriesOf(ported.id)).toEqual([setup, february]);

    setRequestClock(() => at("2027-02-20T12:00:00Z"));
    onTestFinished(() => setRequestClock(undefined));
    const upcoming = await get<{ data: InvoiceWithLines }>(
      `/billing/upcoming?currency=GBP&organization_id=${organizationId}`,
      { token: "support" },
    );
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.subtotal).toBe("5.90");
    const lines = upcoming.body.data.lines.filter((line) => line.kind !== "tax");
    // The charges on no invoice yet (one moment's, so in id order), then March's fee.
    expect(
      lines
        .slice(0, 2)
        .map((line) => [line.kind, line.amount, line.number_e164])
        .sort(),
    ).toEqual([
      ["prorated_fee", "2.60", number],
      ["setup_fee", "0.50", number],
    ]);
    expect(lines.slice(2)).toEqual([
      {
        position: 3,
        description: `Monthly fee ${number}, 2027-03`,
        amount: "2.80",
        kind: "recurring_fee",
        number_e164: number,
        period_start: "2027-03-01",
        period_end: "2027-04-01",
        ledger_entry_id: null,
      },
    ]);

    expect(await runMonthEnd(at("2027-03-01T00:00:30Z"))).toMatchObject({ failed: 0 });
    const march = ["recurring_fee", -280, "recurring:<id>:2027-03", `Monthly fee ${number}, 2027-03`, null];
    // February was paid at the FOC: the run charges March, in advance, and nothing for February.
    expect(await entriesOf(ported.id)).toEqual([setup, february, march]);
    const prisma = await getPrisma();
    const recurring = await prisma.ledgerEntry.findFirstOrThrow({
      where: { numberId: ported.id, kind: "recurring_fee" },
    });
    expect(recurring).toMatchObject({
      organizationId,
      currency: "GBP",
      numberE164: number,
      periodStart: at("2027-03-01T00:00:00Z"),
      periodEnd: at("2027-04-01T00:00:00Z"),
    });
    expect(await invoiceLines(organizationId, "2027-02")).toEqual([
      [`Monthly fee ${number}, 2027-03`, 280],
      [`Monthly fee for ${number} from 2027-02-03 to the end of the month`, 260],
      [`Setup fee for ${number}`, 50],
    ]);
  });

  it("is not charged again for the month its activation paid, as a number sold in it is not", async () => {
    // The FOC on the 1st at 10:00, before that month's run (a late first pass at 10:00:30): the
    // activation charged the whole of April (prorated:<id>:2027-04), so April's run skips it.
    const number = "+442079470102";
    const organizationId = "org_ported_first";
    const ported = await portIn(number, {
      organizationId,
      submittedAt: at("2027-03-29T09:00:00Z"),
      focDate: "2027-04-01",
    });
    const setup = ["setup_fee", -50, "setup:<id>", `Setup fee for ${number}`, null];
    const april = [
      "prorated_fee",
      -280,
      "prorated:<id>:2027-04",
      `Monthly fee for ${number} from 2027-04-01 to the end of the month`,
      null,
    ];
    expect(await entriesOf(ported.id)).toEqual([setup, april]);
    await runMonthEnd(at("2027-04-01T10:00:30Z"));
    expect(await entriesOf(ported.id)).toEqual([setup, april]);
    const prisma = await getPrisma();
    // Its charges are April's: they wait for April's invoice, with May's fee.
    expect(await prisma.invoice.count({ where: { organizationId } })).toBe(0);

    await runMonthEnd(at("2027-05-01T00:00:30Z"));
    const may = ["recurring_fee", -280, "recurring:<id>:2027-05", `Monthly fee ${number}, 2027-05`, null];
    expect(await entriesOf(ported.id)).toEqual([setup, april, may]);
    expect(await invoiceLines(organizationId, "2027-04")).toEqual([
      [`Monthly fee ${number}, 2027-05`, 280],
      [`Monthly fee for ${number} from 2027-04-01 to the end of the month`, 280],
      [`Setup fee for ${number}`, 50],
    ]);
  });
});

async function release(numberId: string, now: Date) {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: numberId } });
  await releaseNumber(owner, numberId, etagFor(row), { force: true, now });
}

/** An approved bundle of org_acme for IE local carrying every document the IE product requires. */
async function approveIrishBundle(now: Date) {
  const prisma = await getPrisma();
  const { endUserId } = await makeEndUserAndAddress("org_acme");
  const types = await prisma.productDocument.findMany({ where: { productId: irishProduct } });
  expect(types.length).toBeGreaterThan(0);
  const bundleId = newId("bundle");
  await prisma.complianceBundle.create({
    data: {
      id: bundleId,
      organizationId: "org_acme",
      countryId: "IE",
      numberTypeId: "local",
      endUserId,
      status: "approved",
      reviewedAt: now,
    },
  });
  for (const [position, type] of types.entries()) {
    const documentId = newId("document");
    await prisma.complianceDocument.create({
      data: {
        id: documentId,
        organizationId: "org_acme",
        documentTypeId: type.documentTypeId,
        endUserId,
        contentType: "application/pdf",
        size: 1,
        sha256: "0".repeat(64),
      },
    });
    await prisma.complianceBundleDocument.create({ data: { bundleId, documentId, position } });
  }
}

describe("a released ported number, restored", () => {
  it("comes back active when it needs no documents, charged the rest of the month at its product", async () => {
    const ported = await portIn("+442079470203", {
      organizationId: "org_acme",
      submittedAt: at("2027-02-01T09:00:00Z"),
      focDate: "2027-02-03",
    });
    await release(ported.id, at("2027-02-27T12:00:00Z"));
    const restored = await restoreNumber(owner, ported.id, at("2027-03-03T08:00:00Z"));
    expect(restored.configuration).toMatchObject({ status: "active", documents_due: null });
    // 2.80 × 29/31 = 2.619…: 2.62, from the restore's day.
    expect((await entriesOf(ported.id)).at(-1)).toEqual([
      "prorated_fee",
      -262,
      "restore:<id>:2027-03",
      "Monthly fee for +442079470203 from 2027-03-03 to the end of the month (restored)",
      null,
    ]);
    // The fleet's CSV gives the monthly fee it is billed, as for a number bought here.
    const csv = await dispatch(
      new Request(`http://localhost:3000/api/v2/numbers?format=csv&number_id=${ported.id}`, {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
      }),
    );
    expect((await csv.text()).split("\r\n")[1]).toBe(
      `+442079470203,+442079470203,active,GB,local,,,${ported.createdAt.toISOString()},2.80,0`,
    );
  });

  it("comes back pending with its deadline while no bundle covers its product's documents, active once one does", async () => {
    const number = "+35312345620";
    const ported = await portIn(number, {
      organizationId: "org_acme",
      submittedAt: at("2027-02-01T09:00:00Z"),
      focDate: "2027-02-03",
      country: "IE",
    });
    expect(ported.status).toBe("pending_documents");
    const due = new Date(at("2027-02-03T10:00:00Z").getTime() + getEnv().DOCUMENTS_DUE_DAYS * 86_400_000);
    expect(ported.documentsDue).toEqual(due);

    await release(ported.id, at("2027-02-27T12:00:00Z"));
    const pending = await restoreNumber(owner, ported.id, at("2027-03-02T08:00:00Z"));
    expect(pending.configuration).toMatchObject({
      status: "pending_documents",
      documents_due: due.toISOString(),
    });
    // 1.50 × 30/31 = 1.451…: 1.45, in the product's currency.
    const prisma = await getPrisma();
    expect(
      await prisma.ledgerEntry.findMany({
        where: { numberId: ported.id, idempotencyKey: { startsWith: "restore:" } },
        select: { currency: true, amountMinor: true, idempotencyKey: true },
      }),
    ).toEqual([{ currency: "EUR", amountMinor: -145n, idempotencyKey: `restore:${ported.id}:2027-03` }]);

    // An approved bundle now carries the product's documents: the next restore is active.
    await approveIrishBundle(at("2027-03-03T09:00:00Z"));
    await release(ported.id, at("2027-03-04T12:00:00Z"));
    const active = await restoreNumber(owner, ported.id, at("2027-03-05T08:00:00Z"));
    expect(active.configuration).toMatchObject({ status: "active", documents_due: null });
  });
});
