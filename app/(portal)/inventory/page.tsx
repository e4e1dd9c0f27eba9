// /inventory – search the numbers for sale; the filters live in the query string
import type { Metadata } from "next";
import { Suspense } from "react";
import { InventoryView } from "@/components/inventory/inventory-view";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Inventory" };

export default function InventoryPage() {
  return (
    <>
      <PageHeader title="Find numbers" description="Numbers for sale right now. A search reserves nothing: add what you want to the cart and check out." />
      <Suspense fallback={<LoadingState />}>
        <InventoryView />
      </Suspense>
    </>
  );
}
