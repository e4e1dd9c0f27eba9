// /orders – the organization's orders, newest first
import "server-only";
import type { Metadata } from "next";
import { OrderList } from "@/components/orders/order-list";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Orders"
        description="Everything your organization has ordered, with what was delivered and what is still to come."
      />
      <PageSuspense>
        <OrderList isSupport={readsEveryOrganization(user)} />
      </PageSuspense>
    </>
  );
}
