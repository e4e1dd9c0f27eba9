// /billing – balances, the upcoming invoice, invoices, the ledger, billing details and alerts
import "server-only";
import type { Metadata } from "next";
import { BillingView } from "@/components/billing/billing-view";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";
import { billingWriteRefusal } from "@/lib/auth/portal-permissions";

export const metadata: Metadata = { title: "Billing" };

export default async function BillingPage() {
  const user = await requirePortalUser();
  const isSupport = readsEveryOrganization(user);
  return (
    <>
      <PageHeader
        title="Billing"
        description={
          isSupport
            ? "One organization's balances, invoices and ledger; record payments and credits under Billing accounts."
            : "What your organization owes and has paid, per currency: balances, invoices, every charge, and who the invoices are made out to."
        }
      />
      {/* useSearchParams (the ledger's filters, ?organization_id=) needs a boundary for the static shell. */}
      <RoleGate refusal={refusalFor(user.role, "/billing")}>
        <PageSuspense>
          <BillingView isSupport={isSupport} writeRefusal={billingWriteRefusal(user.role)} />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
