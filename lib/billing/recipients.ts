import "server-only";
import type { Tx } from "@/lib/db/transaction";

// Who billing emails go to (docs/API.md "Billing"), for every billing email (invoices, standing,
// alerts): the billing profile's addresses, then the members with the billing role and the
// owners by email; each address once, whatever its case.

export type BillingRecipient = { email: string; name: string | null };

export async function billingRecipients(tx: Tx, organizationId: string): Promise<BillingRecipient[]> {
  const profile = await tx.billingProfile.findUnique({ where: { organizationId }, select: { emails: true } });
  const members = await tx.user.findMany({
    where: { organizationId, role: { in: ["owner", "billing"] } },
    select: { email: true, name: true },
    orderBy: { email: "asc" },
  });
  const byAddress = new Map<string, BillingRecipient>();
  for (const email of profile?.emails ?? []) byAddress.set(email.toLowerCase(), { email, name: null });
  for (const member of members)
    if (!byAddress.has(member.email.toLowerCase())) byAddress.set(member.email.toLowerCase(), member);
  return [...byAddress.values()];
}
