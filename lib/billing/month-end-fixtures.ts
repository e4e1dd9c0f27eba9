import { getPrisma } from "@/lib/db/client";
import { statesWhere } from "@/lib/schemas/number-states";

// What the month-end run's tests expect it to bill: the database's billable numbers read
// directly (a sold number's order item's fee), not through billing_number_fees.

type Expected = {
  organizationId: string;
  currency: string;
  numbers: { id: string; e164: string; feeMinor: bigint }[];
};

/** The billable numbers with a fee, per account, as the database holds them now. */
export async function billableNumbers(): Promise<Map<string, Expected>> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<
    { organization_id: string; currency: string; id: string; number: string; fee: bigint }[]
  >`
    SELECT c.organization_id, oi.currency, c.id, c.number, round(oi.monthly_fee * 100)::bigint AS fee
      FROM number_configuration c JOIN inventory_number i ON i.id = c.inventory_number_id
      JOIN order_item oi ON oi.id = i.order_item_id
     WHERE c.status::text = ANY(${statesWhere("billable")}::text[]) AND oi.monthly_fee > 0
     ORDER BY c.organization_id, oi.currency, c.id`;
  const accounts = new Map<string, Expected>();
  for (const row of rows) {
    const key = `${row.organization_id}:${row.currency}`;
    const account = accounts.get(key) ?? {
      organizationId: row.organization_id,
      currency: row.currency,
      numbers: [],
    };
    account.numbers.push({ id: row.id, e164: row.number, feeMinor: row.fee });
    accounts.set(key, account);
  }
  return accounts;
}
