import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import type { LedgerKind } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { toMinor } from "@/lib/billing/money";

// The ledger's writer for TypeScript (the sale writes its charges in SQL, through the same
// billing_open_account). Every entry is appended, never changed; its idempotency key makes a
// second write of the same charge (a retried run, a second instance) write nothing.

export type NewEntry = {
  organizationId: string;
  currency: string;
  kind: LedgerKind;
  /** Signed: a charge negative, a payment or credit positive. */
  amountMinor: bigint;
  description: string;
  idempotencyKey: string;
  createdAt: Date;
  numberId?: string | null;
  numberE164?: string | null;
  orderId?: number | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  reference?: string | null;
};

/** A new account's credit limit in minor units (BILLING_DEFAULT_CREDIT_LIMIT). */
export function defaultCreditLimitMinor(): bigint {
  return toMinor(getEnv().BILLING_DEFAULT_CREDIT_LIMIT);
}

/**
 * Opens the account if it has none and locks its row until `tx` ends; answers what it has
 * available (balance + credit limit) before this transaction's entries.
 */
export async function openAccount(
  tx: Tx,
  organizationId: string,
  currency: string,
  now: Date,
): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ available: bigint }[]>`
    SELECT billing_open_account(${organizationId}, ${currency}, ${defaultCreditLimitMinor()}, ${now}) AS available`;
  return row.available;
}

/**
 * Opens the accounts that have none and locks every one's row until `tx` ends, in the order
 * given, in one statement (a volatile function in the select list runs after the sort).
 */
export async function openAccounts(
  tx: Tx,
  accounts: ReadonlyArray<{ organizationId: string; currency: string }>,
  now: Date,
): Promise<void> {
  if (accounts.length === 0) return;
  await tx.$queryRaw`
    SELECT billing_open_account(a.organization_id, a.currency, ${defaultCreditLimitMinor()}, ${now})::text
      FROM unnest(${accounts.map((account) => account.organizationId)}::text[],
                  ${accounts.map((account) => account.currency)}::text[])
           WITH ORDINALITY AS a(organization_id, currency, position)
     ORDER BY a.position`;
}

/**
 * Appends `entries` in `tx` after opening (and locking) their accounts, in a stable order so
 * two writers never lock the same accounts in opposite orders. Entries whose key was written
 * before are skipped; answers how many were written.
 */
export async function appendEntries(tx: Tx, entries: readonly NewEntry[], now: Date): Promise<number> {
  if (entries.length === 0) return 0;
  const accounts = [
    ...new Set(entries.map((entry) => `${entry.organizationId}\u0000${entry.currency}`)),
  ].sort();
  await openAccounts(
    tx,
    accounts.map((account) => {
      const [organizationId, currency] = account.split("\u0000");
      return { organizationId, currency };
    }),
    now,
  );
  const written = await tx.ledgerEntry.createMany({
    data: entries.map((entry) => ({
      id: newId("ledgerEntry"),
      organizationId: entry.organizationId,
      currency: entry.currency,
      kind: entry.kind,
      amountMinor: entry.amountMinor,
      description: entry.description,
      idempotencyKey: entry.idempotencyKey,
      createdAt: entry.createdAt,
      numberId: entry.numberId ?? null,
      numberE164: entry.numberE164 ?? null,
      orderId: entry.orderId ?? null,
      periodStart: entry.periodStart ?? null,
      periodEnd: entry.periodEnd ?? null,
      reference: entry.reference ?? null,
    })),
    skipDuplicates: true,
  });
  return written.count;
}
