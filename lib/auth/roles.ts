import { ApiError } from "@/lib/errors";
import type { Scope } from "@/lib/schemas/scopes";
import { organizationRoles, roles, type Role } from "@/lib/schemas/roles";

// docs/CONTRACT.md §15: the one table of who may do what. A role is a named set of the scopes a token
// carries plus a few powers no token scope grants (managing the team, the organization's
// settings). The endpoint wrapper asks this table, and nothing else, whether a role may call an
// endpoint (lib/api/route.ts); a token is capped by its creator's role at every request.

/** Powers a person may hold that no token scope grants. */
type Power =
  /** Invite, remove and change members (admins: not owners). */
  | "members:manage"
  /** Create and revoke API tokens. */
  | "tokens:manage"
  /** The organization's settings (require two-factor sign-in). */
  | "organization:settings"
  /** The organization's single sign-on connection. */
  | "organization:sso"
  /** Verify that a domain an organization lists for single sign-on is theirs (support). */
  | "domains:verify"
  /** Read every organization's data, optionally filtered by organization_id (support). */
  | "organizations:all";

export type Permission = Scope | Power;

/** One row of the table of docs/CONTRACT.md §15: what it grants, and a phrase for messages. */
type Row = { permissions: readonly Permission[]; roles: readonly Role[]; does: string };

const everyMember: readonly Role[] = organizationRoles;

// The rows of the table of docs/CONTRACT.md §15, in its order; support's column is from §2
// (reads every organization's configurations and orders, changes configurations, reads members
// and audit logs).
const permissionRows: readonly Row[] = [
  {
    does: "read numbers, orders, events, products and inventory",
    permissions: [
      "reference:read",
      "inventory:read",
      "products:read",
      "orders:read",
      "numbers:read",
      "events:read",
      "members:read",
    ],
    roles: [...everyMember, "support"],
  },
  {
    does: "hold numbers, use the cart and place orders",
    permissions: ["reservations:write", "orders:write"],
    roles: ["owner", "admin", "billing"],
  },
  {
    does: "change configurations, extensions and tags, and run configuration jobs",
    permissions: ["numbers:write", "jobs:write"],
    roles: ["owner", "admin", "developer", "support"],
  },
  // Support keeps reading every organization's webhooks (docs/CONTRACT.md §14), which needs this row's scope.
  {
    does: "manage API tokens and webhooks",
    permissions: ["tokens:manage", "webhooks:write"],
    roles: ["owner", "admin", "developer", "support"],
  },
  // Support reviews every organization's submitted bundles and their documents (docs/CONTRACT.md §17): the
  // queue, approve and reject; the domain keeps review to support and the rest to members.
  {
    does: "manage compliance: end users, addresses, documents and bundles",
    permissions: ["compliance:read", "compliance:write"],
    roles: ["owner", "admin", "billing", "support"],
  },
  // Billing (docs/API.md "Billing"): support reads every organization's accounts, ledger and invoices;
  // what only support may do (payments, credits, limits, voids, credit notes) asks organizations:all.
  {
    does: "read billing accounts, the ledger and invoices",
    permissions: ["billing:read"],
    roles: ["owner", "admin", "billing", "support"],
  },
  {
    does: "change the billing profile and balance alerts",
    permissions: ["billing:write"],
    roles: ["owner", "admin", "billing"],
  },
  // Port-in (docs/CONTRACT.md §20): every member follows a port; the roles that may buy numbers
  // bring them. Support reads every organization's orders for the port desk; the desk's carrier
  // actions ask organizations:all, as billing's support-only operations do.
  {
    does: "read port-in orders and check portability",
    permissions: ["porting:read"],
    roles: [...everyMember, "support"],
  },
  {
    does: "create, change, submit and cancel port-in orders",
    permissions: ["porting:write"],
    roles: ["owner", "admin", "billing"],
  },
  {
    does: "release, restore and lock numbers",
    permissions: ["numbers:release"],
    roles: ["owner", "admin"],
  },
  {
    does: "invite, remove and change members",
    permissions: ["members:manage"],
    roles: ["owner", "admin"],
  },
  {
    does: "read the audit log",
    permissions: ["audit:read"],
    roles: ["owner", "admin", "billing", "support"],
  },
  {
    does: "change the organization's settings",
    permissions: ["organization:settings"],
    roles: ["owner"],
  },
  {
    does: "manage the single sign-on connection",
    permissions: ["organization:sso"],
    roles: ["owner"],
  },
  {
    does: "verify an organization's single sign-on domains",
    permissions: ["domains:verify"],
    roles: ["support"],
  },
  {
    does: "read every organization's data",
    permissions: ["organizations:all"],
    roles: ["support"],
  },
];

function rowOf(permission: Permission): Row {
  const row = permissionRows.find((candidate) => candidate.permissions.includes(permission));
  if (!row) throw new Error(`No role grants ${permission}`);
  return row;
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function roleMay(role: Role, permission: Permission): boolean {
  return rowOf(permission).roles.includes(role);
}

/** The scopes a role allows: all a person holds, and the most a token they create may hold. */
export function scopesOfRole<S extends Scope>(role: Role, all: readonly S[]): S[] {
  return all.filter((scope) => roleMay(role, scope));
}

/** The roles that may, in words: "the owner, admin or billing role". */
export function rolesThatMay(permission: Permission): string {
  const names = rowOf(permission).roles;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return `the ${list} role`;
}

/** 401 role_forbidden (docs/CONTRACT.md §3) naming the roles that would be needed. */
export function roleForbidden(role: Role, permission: Permission, details?: string): ApiError {
  const row = rowOf(permission);
  return new ApiError(
    "role_forbidden",
    `The ${role} role cannot ${row.does}; that needs ${rolesThatMay(permission)}.`,
    details ?? `role=${role} required_role=${row.roles.join("|")}`,
  );
}

export function requireRole(role: Role, permission: Permission, details?: string): void {
  if (!roleMay(role, permission)) throw roleForbidden(role, permission, details);
}
