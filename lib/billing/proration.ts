import "server-only";
import type { Tx } from "@/lib/db/transaction";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Proration lives in one place, the database's billing_prorated (prisma/functions): TypeScript
// asks it rather than keeping a second copy of the rule that could round differently.

/** The UTC day of a moment, "YYYY-MM-DD": a charge's day. */
export const billingDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The part of `monthlyMinor` that pays for the rest of `now`'s UTC month, `now`'s day included. */
export async function proratedMinor(db: Tx | PrismaClient, monthlyMinor: bigint, now: Date): Promise<bigint> {
  const [row] = await db.$queryRaw<{ amount: bigint }[]>`
    SELECT billing_prorated(${monthlyMinor}::bigint, ${billingDay(now)}::date) AS amount`;
  return row.amount;
}
