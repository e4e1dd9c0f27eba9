// /cart – the numbers picked so far, their prices, and checkout
import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Cart" };

export default function CartPage() {
  return (
    <>
      <PageHeader title="Cart" description="Setup fees are due when you order; monthly fees from then on." />
      <CartView />
    </>
  );
}
