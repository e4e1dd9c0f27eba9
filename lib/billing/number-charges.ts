import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { appendEntries } from "@/lib/billing/ledger";
import { billingDay, proratedMinor } from "@/lib/billing/proration";

// What a number's lifecycle charges or gives back (docs/API.md, "Charges and the ledger"),
// in the transaction of the change. A release itself charges and credits nothing: the month is
// paid, and the bill run charges no aging number.

type NumberRef = { organizationId: string; configurationId: string; number: string };

/**
 * The number's monthly fee and its currency, as the month-end run bills it (billing_number_fees):
 * those of the order item it was bought under, or of a ported number's destination product.
 */
async function monthlyFeeOf(tx: Tx, ref: NumberRef) {
  const [row] = await tx.$queryRaw<{ currency: string; monthly: bigint }[]>`
    SELECT f.currency, f.monthly_minor AS monthly FROM billing_number_fees(${ref.organizationId}) f
     WHERE f.configuration_id = ${ref.configurationId}`;
  return row ?? null;
}

const firstOfNextMonth = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
};

/**
 * A restore: in the month of the release the month is paid already and nothing is charged; in a
 * later month (whose 1st charged nothing for an aging number) the rest of the month is charged
 * from the restore's day, once (restore:<id>:<YYYY-MM>). Answers the amount charged.
 */
export async function chargeRestore(tx: Tx, ref: NumberRef, releasedAt: Date, now: Date): Promise<bigint> {
  const day = billingDay(now);
  if (billingDay(releasedAt).slice(0, 7) === day.slice(0, 7)) return 0n;
  const fee = await monthlyFeeOf(tx, ref);
  if (!fee) return 0n;
  const amount = await proratedMinor(tx, fee.monthly, now);
  if (amount <= 0n) return 0n;
  await appendEntries(
    tx,
    [
      {
        organizationId: ref.organizationId,
        currency: fee.currency,
        kind: "prorated_fee",
        amountMinor: -amount,
        description: `Monthly fee for ${ref.number} from ${day} to the end of the month (restored)`,
        idempotencyKey: `restore:${ref.configurationId}:${day.slice(0, 7)}`,
        createdAt: now,
        numberId: ref.configurationId,
        numberE164: ref.number,
        periodStart: new Date(`${day}T00:00:00Z`),
        periodEnd: firstOfNextMonth(day),
      },
    ],
    now,
  );
  return amount;
}

/**
 * A number released because its documents were overdue, never active: every monthly charge it
 * had (prorated and recurring; not the setup fee) is given back by a credit of the same amount,
 * once per charge (overdue-credit:<entry id>). Answers the amount credited.
 */
export async function creditOverdueCharges(tx: Tx, ref: NumberRef, now: Date): Promise<bigint> {
  const charges = await tx.ledgerEntry.findMany({
    where: {
      organizationId: ref.organizationId,
      numberId: ref.configurationId,
      kind: { in: ["prorated_fee", "recurring_fee"] },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  await appendEntries(
    tx,
    charges.map((charge) => ({
      organizationId: ref.organizationId,
      currency: charge.currency,
      kind: "credit" as const,
      amountMinor: -charge.amountMinor,
      description: `${charge.description}, given back: the number's documents never came and it was released`,
      idempotencyKey: `overdue-credit:${charge.id}`,
      createdAt: now,
      numberId: ref.configurationId,
      numberE164: ref.number,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      reference: charge.id,
    })),
    now,
  );
  return charges.reduce((sum, charge) => sum - charge.amountMinor, 0n);
}
