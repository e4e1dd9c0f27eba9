// /cart – the numbers picked so far, their prices, and checkout
import "server-only";
import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Cart" };

export default async function CartPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader title="Cart" description="Setup fees are due when you order; monthly fees from then on." />
      <RoleGate refusal={refusalFor(user.role, "/cart")}>
        <CartView />
      </RoleGate>
    </>
  );
}
