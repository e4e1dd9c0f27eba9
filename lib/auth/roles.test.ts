import { describe, expect, it } from "vitest";
import { roleForbidden, roleMay, rolesThatMay, scopesOfRole, type Permission } from "@/lib/auth/roles";
import { roles, type Role } from "@/lib/schemas/roles";
import { scopes } from "@/lib/schemas/scopes";

// The table of docs/CONTRACT.md §15, written out again by hand so a change to lib/auth/roles.ts that the
// contract does not make fails here. Support's column is that of docs/CONTRACT.md §2.
const Y = true;
const N = false;
const table: Array<[Permission, Record<Role, boolean>]> = [
  ["reference:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["inventory:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["products:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["orders:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["numbers:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["events:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["members:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["reservations:write", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: N }],
  ["orders:write", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: N }],
  ["numbers:write", { owner: Y, admin: Y, developer: Y, billing: N, viewer: N, support: Y }],
  ["jobs:write", { owner: Y, admin: Y, developer: Y, billing: N, viewer: N, support: Y }],
  ["tokens:manage", { owner: Y, admin: Y, developer: Y, billing: N, viewer: N, support: Y }],
  ["webhooks:write", { owner: Y, admin: Y, developer: Y, billing: N, viewer: N, support: Y }],
  ["compliance:read", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: Y }],
  ["compliance:write", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: Y }],
  ["billing:read", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: Y }],
  ["billing:write", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: N }],
  ["porting:read", { owner: Y, admin: Y, developer: Y, billing: Y, viewer: Y, support: Y }],
  ["porting:write", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: N }],
  ["numbers:release", { owner: Y, admin: Y, developer: N, billing: N, viewer: N, support: N }],
  ["members:manage", { owner: Y, admin: Y, developer: N, billing: N, viewer: N, support: N }],
  ["audit:read", { owner: Y, admin: Y, developer: N, billing: Y, viewer: N, support: Y }],
  ["organization:settings", { owner: Y, admin: N, developer: N, billing: N, viewer: N, support: N }],
  ["organization:sso", { owner: Y, admin: N, developer: N, billing: N, viewer: N, support: N }],
  ["domains:verify", { owner: N, admin: N, developer: N, billing: N, viewer: N, support: Y }],
  ["organizations:all", { owner: N, admin: N, developer: N, billing: N, viewer: N, support: Y }],
];

describe("the permission table", () => {
  it.each(
    table.flatMap(([permission, column]) => roles.map((role) => ({ permission, role, may: column[role] }))),
  )("$role may $permission: $may", ({ permission, role, may }) => {
    expect(roleMay(role, permission)).toBe(may);
  });

  it("covers every scope", () => {
    const listed = table.map(([permission]) => permission);
    expect(scopes.filter((scope) => !listed.includes(scope))).toEqual([]);
  });

  it("gives an owner every scope and a viewer only reading", () => {
    expect(scopesOfRole("owner", scopes)).toEqual([...scopes]);
    expect(scopesOfRole("viewer", scopes)).toEqual([
      "reference:read",
      "inventory:read",
      "products:read",
      "orders:read",
      "numbers:read",
      "events:read",
      "members:read",
      "porting:read",
    ]);
  });

  it("names the roles that would be needed", () => {
    expect(rolesThatMay("organization:settings")).toBe("the owner role");
    expect(rolesThatMay("numbers:release")).toBe("the owner or admin role");
    const error = roleForbidden("viewer", "orders:write");
    expect([error.code, error.status, error.message, error.details]).toEqual([
      "role_forbidden",
      401,
      "The viewer role cannot hold numbers, use the cart and place orders; that needs the owner, admin or billing role.",
      "role=viewer required_role=owner|admin|billing",
    ]);
  });
});
