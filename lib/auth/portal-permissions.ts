import { readsEveryOrganization } from "@/lib/auth/organization-filter";
import { roleMay, rolesThatMay } from "@/lib/auth/roles";
import type { Role } from "@/lib/schemas/roles";

// What the portal's number pages offer a role (docs/CONTRACT.md §15), worked out on the server from the
// one table of roles, so the browser needs neither the table nor its vocabulary.

/** Why this role may not release, restore or lock numbers, in words; null when it may. */
export function lifecycleRefusal(role: Role): string | null {
  return roleMay(role, "numbers:release")
    ? null
    : `Releasing, restoring and locking numbers needs ${rolesThatMay("numbers:release")}; your role is ${role}.`;
}

/**
 * The bulk actions /numbers offers: null when none (the role starts no job, or reads every
 * organization, as support does, whose list spans organizations while a job belongs to one).
 */
export function bulkPermissions(role: Role): { tags: boolean; release: true | string } | null {
  if (readsEveryOrganization({ role }) || !roleMay(role, "jobs:write")) return null;
  return { tags: roleMay(role, "numbers:write"), release: lifecycleRefusal(role) ?? true };
}

/**
 * Why /numbers offers this role no bulk change, in words; null when it offers some, and for
 * support (who changes one organization's numbers at a time, from each number's page).
 */
export function bulkRefusal(role: Role): string | null {
  if (readsEveryOrganization({ role }) || roleMay(role, "jobs:write")) return null;
  return `Changing many numbers at once needs ${rolesThatMay("jobs:write")}; your role is ${role}.`;
}

/** Why this role may not hold numbers or buy them (the cart, "Add to cart"), in words; null when it may. */
export function cartRefusal(role: Role): string | null {
  return roleMay(role, "reservations:write") && roleMay(role, "orders:write")
    ? null
    : `Holding and buying numbers needs ${rolesThatMay("orders:write")}; your role is ${role}.`;
}

/** Why this role may not change a number's rules, in words; null when it may. */
export function rulesRefusal(role: Role): string | null {
  return roleMay(role, "numbers:write")
    ? null
    : `Changing a number's rules needs ${rolesThatMay("numbers:write")}; your role is ${role}.`;
}

/** Why this role may not change the billing details or alerts, in words; null when it may. */
export function billingWriteRefusal(role: Role): string | null {
  return roleMay(role, "billing:write")
    ? null
    : `Changing billing details and alerts needs ${rolesThatMay("billing:write")}; your role is ${role}.`;
}

/** Why this role may not bring numbers in (a new port, its changes), in words; null when it may. */
export function portingWriteRefusal(role: Role): string | null {
  return roleMay(role, "porting:write")
    ? null
    : `Porting numbers in needs ${rolesThatMay("porting:write")}; your role is ${role}.`;
}

/**
 * Whether the port order page offers this role a comment box: the roles that bring numbers in,
 * on their organization's orders, and support on any organization's (POST
 * /port_orders/{id}/comments lets support in with porting:read).
 */
export function mayCommentOnPorts(role: Role): boolean {
  return roleMay(role, "porting:write") || readsEveryOrganization({ role });
}
