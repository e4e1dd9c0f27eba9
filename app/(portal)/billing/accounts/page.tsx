// /billing/accounts – support: every organization's billing accounts; payments, credits, limits
import "server-only";
import type { Metadata } from "next";
import { AccountsView } from "@/components/billing/accounts-view";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";

export const metadata: Metadata = { title: "Billing accounts" };

export default async function BillingAccountsPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Billing accounts"
        description="Every organization's accounts, past due and suspended first. Record a payment received or a credit given, or change a credit limit; an organization's invoices (void, mark uncollectible) are on its billing page."
      />
      <RoleGate refusal={refusalFor(user.role, "/billing/accounts")}>
        <AccountsView />
      </RoleGate>
    </>
  );
}
