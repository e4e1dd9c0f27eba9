// /inventory – search the numbers for sale; the filters live in the query string
import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { prefetchInventoryPage } from "@/app/(portal)/inventory/prefetch";
import { InventoryView } from "@/components/inventory/inventory-view";
import { searchFromParams } from "@/components/inventory/search-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { cartRefusal } from "@/lib/auth/portal-permissions";

export const metadata: Metadata = { title: "Inventory" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InventoryPage({ searchParams }: Props) {
  // The layout checks too, but layout and page render at the same time: no data before this.
  const user = await requirePortalUser();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    for (const item of [value ?? []].flat()) params.append(key, item);
  // The search the browser will read from the same URL, answered here for the first paint.
  // With the person's own session cookie, so the API sees the same caller the browser is.
  const cookie = (await headers()).get("cookie") ?? "";
  const state = await prefetchInventoryPage(searchFromParams(params), { cookie });
  return (
    <>
      <PageHeader
        title="Find numbers"
        description="Numbers for sale right now. A search reserves nothing: add what you want to the cart and check out."
      />
      <HydrationBoundary state={state}>
        <PageSuspense>
          <InventoryView cartRefusal={cartRefusal(user.role)} />
        </PageSuspense>
      </HydrationBoundary>
    </>
  );
}
