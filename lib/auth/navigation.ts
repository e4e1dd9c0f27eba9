import { roleForbidden, roleMay, type Permission } from "@/lib/auth/roles";
import type { Role } from "@/lib/schemas/roles";

// What the portal's navigation offers a role (docs/CONTRACT.md §15: "the portal hides or disables what
// the person's role cannot do"), asked of the permission table in lib/auth/roles.ts and nothing
// else: a link names the permissions its page needs, and a role sees it when it holds them all.

export type PortalLink = {
  href: string;
  label: string;
  /** Every permission the page needs; none for pages anyone signed in may read. */
  needs: readonly Permission[];
  /**
   * A permission whose holders the page is not for: /settings/members shows one's own
   * organization, which people who read every organization (support) do not have.
   */
  notFor?: Permission;
  /** Why the page is not for `notFor`'s holders, when that is not "members of your own organization". */
  notForReason?: string;
  /** A page reached from another (a button), not from the navigation: refusalFor knows it, linksFor skips it. */
  hidden?: boolean;
};

/** The main navigation, in its order. */
export const mainLinks: readonly PortalLink[] = [
  { href: "/inventory", label: "Inventory", needs: ["inventory:read"] },
  { href: "/products", label: "Products", needs: ["products:read"] },
  // The cart holds numbers and checks out: for whoever may hold and buy.
  { href: "/cart", label: "Cart", needs: ["reservations:write", "orders:write"] },
  { href: "/orders", label: "Orders", needs: ["orders:read"] },
  { href: "/numbers", label: "Numbers", needs: ["numbers:read"] },
  // Numbers brought from another carrier (docs/CONTRACT.md §20): every member follows a port; a new
  // port needs porting:write, asked on its own page. Support acts for the carrier at the desk.
  { href: "/porting", label: "Porting", needs: ["porting:read"] },
  { href: "/porting/new", label: "New port", needs: ["porting:write"], hidden: true },
  { href: "/porting/desk", label: "Port desk", needs: ["porting:read", "organizations:all"] },
  // The organization's own compliance records; support reviews everyone's on the next page.
  {
    href: "/compliance",
    label: "Compliance",
    needs: ["compliance:read"],
    notFor: "organizations:all",
    notForReason:
      "This page holds your own organization's compliance records; the support role belongs to none. Bundles waiting for review are under Compliance review.",
  },
  {
    href: "/compliance/review",
    label: "Compliance review",
    needs: ["compliance:write", "organizations:all"],
  },
  { href: "/tokens", label: "API tokens", needs: ["tokens:manage"] },
  { href: "/webhooks", label: "Webhooks", needs: ["webhooks:write"] },
  { href: "/audit", label: "Audit log", needs: ["audit:read"] },
  { href: "/billing", label: "Billing", needs: ["billing:read"] },
  // Every organization's accounts, where support records payments and credits and changes limits.
  { href: "/billing/accounts", label: "Billing accounts", needs: ["billing:read", "organizations:all"] },
  { href: "/docs", label: "Docs", needs: [] },
];

/** The links beside the person's name. */
export const accountLinks: readonly PortalLink[] = [
  { href: "/settings/members", label: "Members", needs: ["members:read"], notFor: "organizations:all" },
  { href: "/settings/security", label: "Security", needs: [] },
];

export function mayFollow(role: Role, link: PortalLink): boolean {
  if (link.notFor !== undefined && roleMay(role, link.notFor)) return false;
  return link.needs.every((permission) => roleMay(role, permission));
}

/** The links of `links` a role is offered. */
export function linksFor(role: Role, links: readonly PortalLink[] = mainLinks): PortalLink[] {
  return links.filter((link) => !link.hidden && mayFollow(role, link));
}

/**
 * Why a role may not use the page at `href`, in the words of the API's 401 role_forbidden, or
 * null when it may: a page reached by its address says so instead of failing request by request.
 */
export function refusalFor(role: Role, href: string): string | null {
  const link = [...mainLinks, ...accountLinks].find((candidate) => candidate.href === href);
  if (!link) throw new Error(`${href} is not a page of the navigation`);
  if (link.notFor !== undefined && roleMay(role, link.notFor))
    return (
      link.notForReason ??
      `This page shows the members of your own organization; the ${role} role belongs to none.`
    );
  const missing = link.needs.find((permission) => !roleMay(role, permission));
  return missing === undefined ? null : roleForbidden(role, missing).message;
}
