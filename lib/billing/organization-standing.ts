import "server-only";
import { getPrisma } from "@/lib/db/client";

// The portal's banner for people whose role may not read billing (developers, viewers): only
// whether the organization is past due or suspended, never an amount.

export type WorstStanding = "past_due" | "suspended";

/** The worst standing of the organization's accounts when it is not good; null when all are good. */
export async function worstStanding(organizationId: string): Promise<WorstStanding | null> {
  const prisma = await getPrisma();
  const rows = await prisma.billingAccount.findMany({
    where: { organizationId, standing: { in: ["past_due", "suspended"] } },
    select: { standing: true },
  });
  if (rows.some((row) => row.standing === "suspended")) return "suspended";
  return rows.length > 0 ? "past_due" : null;
}
