import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries, type NewEntry } from "@/lib/billing/ledger";
import { errorBody } from "@/tests/error-body";

// The ledger the billing endpoints' tests read: Acme in GBP (a sale's two charges, a payment, one
// entry on an invoice) and EUR, Globex in GBP. The suites' default credit limit is
// 100,000,000.00 (vitest.config.mts).

export const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const T0 = Date.parse("2026-06-01T12:00:00.000Z");
export const at = (minutes: number) => new Date(T0 + minutes * 60_000);

export const entry = (
  organizationId: string,
  currency: string,
  minutes: number,
  rest: Partial<NewEntry>,
): NewEntry => ({
  organizationId,
  currency,
  kind: "credit",
  amountMinor: 0n,
  description: "",
  idempotencyKey: `test:${organizationId}:${minutes}`,
  createdAt: at(minutes),
  ...rest,
});

/** Writes the ledger and its one invoice; answers the invoice's id. */
export async function writeTestLedger(): Promise<string> {
  const entries: NewEntry[] = [
    entry("org_acme", "GBP", 0, {
      kind: "setup_fee",
      amountMinor: -500n,
      description: "Setup fee for +442079460999",
      numberId: "num_billing_test_a",
      numberE164: "+442079460999",
    }),
    entry("org_acme", "GBP", 0.5, {
      kind: "prorated_fee",
      amountMinor: -1700n,
      description: "Monthly fee for +442079460999 from 2026-06-01 to the end of the month",
      numberId: "num_billing_test_a",
      numberE164: "+442079460999",
      periodStart: new Date("2026-06-01T00:00:00Z"),
      periodEnd: new Date("2026-07-01T00:00:00Z"),
    }),
    entry("org_acme", "GBP", 2, {
      kind: "payment",
      amountMinor: 1000n,
      description: "Payment",
      reference: "BANK-1",
    }),
    entry("org_acme", "EUR", 3, {
      kind: "credit",
      amountMinor: 250n,
      description: "Goodwill, with a, comma",
    }),
    entry("org_globex", "GBP", 1, { kind: "setup_fee", amountMinor: -300n, description: "Setup fee" }),
  ];
  await inRetryingTransaction((tx) => appendEntries(tx, entries, at(0)));
  const prisma = await getPrisma();
  const setup = await prisma.ledgerEntry.findFirstOrThrow({ where: { idempotencyKey: "test:org_acme:0" } });
  const invoicedId = "in_billing_ledger_test";
  await prisma.invoice.create({
    data: {
      id: invoicedId,
      organizationId: "org_acme",
      currency: "GBP",
      periodStart: new Date("2026-06-01T00:00:00Z"),
      periodEnd: new Date("2026-07-01T00:00:00Z"),
      subtotalMinor: 500n,
      taxMinor: 0n,
      totalMinor: 500n,
      taxRateBp: 0,
      taxTreatment: "outside_scope",
      seller: {},
      buyer: {},
      createdAt: at(5),
      lines: {
        create: [{ position: 1, ledgerEntryId: setup.id, description: setup.description, amountMinor: 500n }],
      },
    },
  });
  return invoicedId;
}
