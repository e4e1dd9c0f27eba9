"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { signOut } from "@/components/auth/auth-requests";
import { numberCount } from "@/lib/cart/cart";
import { useCart } from "@/components/hooks/use-cart";
import { useQueryClient } from "@tanstack/react-query";
import type { Role } from "@/lib/schemas/roles";

export type HeaderUser = {
  name: string;
  email: string;
  role: Role;
  organizationName: string;
};

/** A link of the header, as the server chose it for the person's role (lib/auth/navigation.ts). */
export type HeaderLink = { href: string; label: string };

export function SiteHeader({
  user,
  links,
  account,
}: {
  user: HeaderUser;
  links: readonly HeaderLink[];
  account: readonly HeaderLink[];
}) {
  const pathname = usePathname();
  const router = useRouter();
  // The person's cart on the server: 0 until it has loaded. A role without a cart link has no
  // cart (support), and its header does not ask for one.
  const { cart } = useCart({ enabled: links.some((link) => link.href === "/cart") });
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  // On a phone the links fold behind a Menu button; it closes again when a link is followed.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [menuOpen]);
  // Closing hides the links: focus on one of them (Escape, a link followed) would fall to the
  // page's start, so it goes back to the Menu button, where the person opened the menu.
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !menuOpen) {
      const active = document.activeElement;
      if (active === null || active === document.body || nav.current?.contains(active))
        menuButton.current?.focus();
    }
    wasOpen.current = menuOpen;
  }, [menuOpen, pathname]);
  const inCart = numberCount(cart);

  async function handleSignOut() {
    setSigningOut(true);
    // Navigate here rather than follow next-auth's answer: its URL is its idea of the site's,
    // which is wrong whenever NEXTAUTH_URL is unset and the port is not 3000.
    await signOut();
    // Everything cached (the cart first) was the signed-out person's: the next one starts clean.
    queryClient.clear();
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
        <button
          ref={menuButton}
          type="button"
          className="btn btn--small menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span> Menu
        </button>
        <nav ref={nav} id="main-nav" className={`nav${menuOpen ? " nav--open" : ""}`} aria-label="Main">
          {links.map((link) => {
            const current = pathname === link.href || pathname.startsWith(`${link.href}/`);
            return (
              <Link key={link.href} href={link.href} aria-current={current ? "page" : undefined}>
                {link.label}
                {link.href === "/cart" && inCart > 0 ? (
                  <span className="nav__count">
                    {inCart}
                    <span className="visually-hidden">
                      {inCart === 1 ? " number in the cart" : " numbers in the cart"}
                    </span>
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
              {/* Support staff act on every organization: the operator's name, never a customer's. */}
              {user.role === "support" ? "Numbers support" : `${user.organizationName} · ${user.role}`}
            </span>
          </div>
          {account.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className="btn btn--small btn--link"
              aria-current={pathname === link.href ? "page" : undefined}
            >
              {link.label}
            </Link>
          ))}
          <button type="button" className="btn btn--small" onClick={handleSignOut} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </div>
    </header>
  );
}
