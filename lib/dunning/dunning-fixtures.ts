// Shared by the dunning*.test.ts files (dunning on an injected clock, never slept). Invoices are
// made here as the month-end run makes them: a charge in the ledger, a draft with its line, then
// open with a number and a due date.
import { afterEach, beforeAll, expect } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { setRequestClock } from "@/lib/api/request-clock";
import { appendEntries } from "@/lib/billing/ledger";
import { newId } from "@/lib/ids";
import { api, get } from "@/tests/api-client";
import type { ActiveRule } from "@/lib/schemas/numbers/responses";
import type { PaymentRecorded } from "@/lib/schemas/billing-payments";

const DAY_MS = 24 * 60 * 60 * 1000;
// The seeded organizations hold numbers with rules; the sweep is per account, so each test
// that needs no number has an organization of its own (the database is the file's).
export const ACME = "org_acme";
export const GLOBEX = "org_globex";
export const T0 = new Date("2027-02-01T00:00:00.000Z");
export const at = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY_MS + ms);

/** The request clock runs again after each test, and the seed's billing is settled before the first. */
export function settleBeforeTheClock(): void {
  afterEach(() => setRequestClock(undefined));

  // Whatever billing history the seed gave the demo organizations is settled before the clock
  // starts: these tests count every move the sweep makes.
  beforeAll(async () => {
    const prisma = await getPrisma();
    await prisma.invoice.updateMany({
      where: { status: { in: ["open", "uncollectible"] } },
      data: { status: "void", voidedAt: T0 },
    });
    await prisma.billingAccount.updateMany({ data: { standing: "good_standing", standingSince: T0 } });
  });
}

let series = 0;
let organizations = 0;

/** An organization of its own, with a billing profile's email, for a test that needs no number. */
export async function newOrganization(): Promise<string> {
  const prisma = await getPrisma();
  const id = `org_dunning_${++organizations}`;
  await prisma.organization.create({ data: { id, name: `Dunning ${organizations}` } });
  await prisma.billingProfile.create({
    data: {
      organizationId: id,
      legalName: `Dunning ${organizations} Ltd`,
      address: "1 Test Street",
      country: "GB",
      emails: [`accounts@${id.replaceAll("_", "-")}.example`],
      updatedAt: T0,
    },
  });
  return id;
}

/** An open invoice of `totalMinor` issued at `issuedAt`, due 14 days later. */
export async function openInvoice(
  organizationId: string,
  totalMinor: bigint,
  issuedAt: Date,
): Promise<{ id: string; number: string }> {
  const id = newId("invoice");
  const number = `INV-2027-${String(++series).padStart(6, "0")}`;
  await inRetryingTransaction(async (tx) => {
    const key = `test-charge:${id}`;
    await appendEntries(
      tx,
      [
        {
          organizationId,
          currency: "EUR",
          kind: "recurring_fee",
          amountMinor: -totalMinor,
          description: "Monthly fees",
          idempotencyKey: key,
          createdAt: issuedAt,
        },
      ],
      issuedAt,
    );
    const entry = await tx.ledgerEntry.findUniqueOrThrow({
      where: { organizationId_idempotencyKey: { organizationId, idempotencyKey: key } },
    });
    await tx.invoice.create({
      data: {
        id,
        organizationId,
        currency: "EUR",
        periodStart: new Date(issuedAt.getTime() - 31 * DAY_MS),
        periodEnd: issuedAt,
        subtotalMinor: totalMinor,
        taxMinor: 0n,
        totalMinor,
        taxRateBp: 0,
        taxTreatment: "outside_scope",
        seller: {},
        buyer: {},
        createdAt: issuedAt,
        lines: {
          create: [
            { position: 1, ledgerEntryId: entry.id, description: "Monthly fees", amountMinor: totalMinor },
          ],
        },
      },
    });
    await tx.invoice.update({
      where: { id },
      data: { status: "open", number, issuedAt, dueAt: new Date(issuedAt.getTime() + 14 * DAY_MS) },
    });
  });
  return { id, number };
}

export async function account(organizationId: string) {
  const prisma = await getPrisma();
  const row = await prisma.billingAccount.findUniqueOrThrow({
    where: { organizationId_currency: { organizationId, currency: "EUR" } },
  });
  return { standing: row.standing, since: row.standingSince.toISOString(), balance: row.balanceMinor };
}

/** The account's balance before a test writes to it (the seed may have given it history). */
export async function balanceOf(organizationId: string): Promise<bigint> {
  const prisma = await getPrisma();
  const row = await prisma.billingAccount.findUnique({
    where: { organizationId_currency: { organizationId, currency: "EUR" } },
  });
  return row?.balanceMinor ?? 0n;
}

export async function standingEvents(organizationId: string): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.event.findMany({
    where: { organizationId, type: "billing.standing_changed" },
    orderBy: { seq: "asc" },
  });
  return rows.map((row) => (row.data as { standing: string }).standing);
}

export async function activeRule(numberId: string, now: Date): Promise<ActiveRule> {
  setRequestClock(() => now);
  const response = await get<{ data: ActiveRule }>(`/numbers/${numberId}/active_rule`, { token: "support" });
  expect(response.status).toBe(200);
  return response.body.data;
}

export function pay(organizationId: string, now: Date, amount: string, headers: Record<string, string> = {}) {
  setRequestClock(() => now);
  return api<PaymentRecorded>("POST", "/billing/payments", {
    token: "support",
    headers,
    body: {
      organization_id: organizationId,
      currency: "EUR",
      amount,
      reference: `Transfer ${amount}`,
      received_at: now.toISOString(),
    },
  });
}
