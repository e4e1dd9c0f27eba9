import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { openAccount } from "@/lib/billing/ledger";
import { formatMinor } from "@/lib/billing/money";

// The credit check at submission (docs/CONTRACT.md §19, §20): a port is billed at its FOC (the
// product's setup fee and the month), so it is submitted only when the organization could pay
// that now, by the sale's rule (prisma/functions/place_order.sql): no account past due or
// suspended (402 account_past_due), and the charges within the account's available amount,
// balance + credit limit (402 insufficient_funds). billing_open_account (through openAccount)
// opens the account when there is none and locks it until the submission commits, as the sale does.

/** The product a ported number is billed under, its fees in minor units and the documents it requires. */
type PortProduct = {
  id: number;
  currency: string;
  setupMinor: bigint;
  monthlyMinor: bigint;
  documents: string[];
};

/**
 * The product a ported number of this destination is billed under (null: no product sells it).
 * The rule's one home is SQL, port_product: the month-end run, the upcoming invoice and a
 * restore read the same through billing_number_fees.
 */
export async function portProduct(tx: Tx, country: string, numberType: string): Promise<PortProduct | null> {
  const [row] = await tx.$queryRaw<
    { id: number; currency: string; setup_minor: bigint; monthly_minor: bigint; documents: string[] }[]
  >`SELECT p.id, p.currency, p.setup_minor, p.monthly_minor, p.documents FROM port_product(${country}, ${numberType}) p`;
  if (!row) return null;
  return {
    id: row.id,
    currency: row.currency,
    setupMinor: row.setup_minor,
    monthlyMinor: row.monthly_minor,
    documents: row.documents,
  };
}

export async function assertPortAffordable(
  tx: Tx,
  order: { organizationId: string; country: string; numberType: string; numbers: number },
  now: Date,
): Promise<void> {
  const refused = await tx.billingAccount.findMany({
    where: { organizationId: order.organizationId, standing: { in: ["past_due", "suspended"] } },
    select: { currency: true, standing: true },
    orderBy: { currency: "asc" },
  });
  if (refused.length > 0)
    throw new ApiError(
      "account_past_due",
      "The organization's billing account is past due: nothing can be ported in until the invoices due are paid. Nothing was submitted.",
      refused.map((account) => `currency=${account.currency}; standing=${account.standing}`).join("; "),
    );
  const product = await portProduct(tx, order.country, order.numberType);
  // Checked when the order was made (not_served); a product withdrawn since charges nothing.
  if (!product) return;
  const needed = BigInt(order.numbers) * (product.setupMinor + product.monthlyMinor);
  if (needed <= 0n) return;
  const available = await openAccount(tx, order.organizationId, product.currency, now);
  if (needed <= available) return;
  const currency = product.currency;
  throw new ApiError(
    "insufficient_funds",
    `This port would charge ${currency} ${formatMinor(needed)} at its FOC (the setup fees and the first month), ` +
      `more than the account has available (${currency} ${formatMinor(available)}). Nothing was submitted.`,
    JSON.stringify([{ currency, needed: formatMinor(needed), available: formatMinor(available) }]),
  );
}
