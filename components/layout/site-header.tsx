"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { signOut } from "@/components/auth/auth-requests";
import { numberCount } from "@/lib/cart/cart";
import { useCart } from "@/lib/hooks/use-cart";

const links = [
  { href: "/inventory", label: "Inventory" },
  { href: "/products", label: "Products" },
  { href: "/cart", label: "Cart" },
  { href: "/orders", label: "Orders" },
  { href: "/numbers", label: "Numbers" },
  { href: "/tokens", label: "API tokens" },
  { href: "/docs", label: "Docs" },
] as const;

export type HeaderUser = { name: string; email: string; role: "customer" | "support"; organizationName: string };

export function SiteHeader({ user }: { user: HeaderUser }) {
  const pathname = usePathname();
  const router = useRouter();
  // The server snapshot is the empty cart: 0 until hydrated, as the server rendered it.
  const { cart } = useCart();
  const [signingOut, setSigningOut] = useState(false);
  const inCart = numberCount(cart);

  async function handleSignOut() {
    setSigningOut(true);
    // Navigate here rather than follow next-auth's answer: its URL is its idea of the site's,
    // which is wrong whenever NEXTAUTH_URL is unset and the port is not 3000.
    await signOut();
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link href="/inventory" className="brand">
          <span className="brand__mark" aria-hidden="true">
            #
          </span>
          Numbers portal
        </Link>
        <nav className="nav" aria-label="Main">
          {links.map((link) => {
            const current = pathname === link.href || pathname.startsWith(`${link.href}/`);
            return (
              <Link key={link.href} href={link.href} aria-current={current ? "page" : undefined}>
                {link.label}
                {link.href === "/cart" && inCart > 0 ? (
                  <span className="nav__count">
                    {inCart}
                    <span className="visually-hidden"> numbers in the cart</span>
                  </span>
                ) : null}
              </Link>
            );
          })}
        </nav>
        <div className="user-menu">
          <div className="user-menu__who">
            <strong>{user.name}</strong>
            <span>
              {user.organizationName} · {user.role}
            </span>
          </div>
          <button type="button" className="btn btn--small" onClick={handleSignOut} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </div>
    </header>
  );
}
