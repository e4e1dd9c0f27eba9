import "server-only";
import type { Tx } from "@/lib/db/transaction";

// Who billing emails go to (docs/API.md "Billing"), for every billing email (invoices, standing,
// alerts): the billing profile's addresses, then the members with the billing role and the
// owners by email; each address once, whatever its case.

export type BillingRecipient = { email: string; name: string | null };

export async function billingRecipients(tx: Tx, organizationId: string): Promise<BillingRecipient[]> {
  return (await billingRecipientsOf(tx, [organizationId])).get(organizationId) ?? [];
}

/** The recipients of each of `organizationIds`, in two statements however many there are. */
export async function billingRecipientsOf(
  tx: Tx,
  organizationIds: readonly string[],
): Promise<Map<string, BillingRecipient[]>> {
  const ids = [...new Set(organizationIds)];
  const profiles = await tx.billingProfile.findMany({
    where: { organizationId: { in: ids } },
    select: { organizationId: true, emails: true },
  });
  const members = await tx.user.findMany({
    where: { organizationId: { in: ids }, role: { in: ["owner", "billing"] } },
    select: { organizationId: true, email: true, name: true },
    orderBy: { email: "asc" },
  });
  const byOrganization = new Map(ids.map((id) => [id, new Map<string, BillingRecipient>()]));
  for (const profile of profiles)
    for (const email of profile.emails)
      byOrganization.get(profile.organizationId)!.set(email.toLowerCase(), { email, name: null });
  for (const { organizationId, email, name } of members) {
    const byAddress = byOrganization.get(organizationId)!;
    if (!byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), { email, name });
  }
  return new Map([...byOrganization].map(([id, byAddress]) => [id, [...byAddress.values()]]));
}
