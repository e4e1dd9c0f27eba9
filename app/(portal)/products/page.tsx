// /products – compare products and prices by region; add numbers in a region to the cart
import "server-only";
import type { Metadata } from "next";
import { ProductsView } from "@/components/products/products-view";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { cartRefusal } from "@/lib/auth/portal-permissions";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Products" };

export default async function ProductsPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Compare products"
        description="Monthly and setup fees, included minutes and lead times for every region. Order numbers in a region without picking them one by one."
      />
      <PageSuspense>
        <ProductsView cartRefusal={cartRefusal(user.role)} />
      </PageSuspense>
    </>
  );
}
