// /numbers – find a number or extension and see how it answers calls; ?order= an order's numbers
import "server-only";
import type { Metadata } from "next";
import { OrderNumbers } from "@/components/orders/order-numbers";
import { NumberSearch } from "@/components/rules/number-search";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { bulkPermissions, bulkRefusal } from "@/lib/auth/portal-permissions";
import { getEnv } from "@/lib/env";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

export const metadata: Metadata = { title: "Numbers" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NumbersPage({ searchParams }: Props) {
  const user = await requirePortalUser();
  const isSupport = readsEveryOrganization(user);
  // Arriving from an order (its "See how your numbers answer calls"): that order's numbers only.
  const order = [(await searchParams).order ?? []].flat()[0]?.trim();
  if (order) {
    return (
      <>
        <PageHeader
          title={`Numbers from order ${order}`}
          description="The numbers this order bought. Open one to choose how it answers calls."
        />
        <OrderNumbers referenceId={order} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Numbers and extensions"
        description={
          isSupport
            ? "Every organization's numbers: how each answers calls."
            : "Your numbers and extensions, and which rule answers their calls."
        }
      />
      <PageSuspense>
        <NumberSearch
          isSupport={isSupport}
          permissions={bulkPermissions(user.role)}
          bulkRefusal={bulkRefusal(user.role)}
          agingDays={getEnv().RELEASE_AGING_DAYS}
        />
      </PageSuspense>
    </>
  );
}
