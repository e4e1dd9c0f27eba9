import { describe, expect, it } from "vitest";
import { accountLinks, linksFor, mainLinks, mayFollow, refusalFor } from "@/lib/auth/navigation";
import { roles, type Role } from "@/lib/schemas/roles";

// The navigation each role is offered, written out by hand from the table of docs/CONTRACT.md §15: a change
// to the table (lib/auth/roles.ts) or to a link's needs that docs/CONTRACT.md does not make fails here.
const labels = (role: Role, links = mainLinks) => linksFor(role, links).map((link) => link.label);

describe("the navigation a role is offered", () => {
  it.each<[Role, string[]]>([
    [
      "owner",
      [
        "Inventory",
        "Products",
        "Cart",
        "Orders",
        "Numbers",
        "Porting",
        "Compliance",
        "API tokens",
        "Webhooks",
        "Audit log",
        "Billing",
        "Docs",
      ],
    ],
    [
      "admin",
      [
        "Inventory",
        "Products",
        "Cart",
        "Orders",
        "Numbers",
        "Porting",
        "Compliance",
        "API tokens",
        "Webhooks",
        "Audit log",
        "Billing",
        "Docs",
      ],
    ],
    [
      "developer",
      ["Inventory", "Products", "Orders", "Numbers", "Porting", "API tokens", "Webhooks", "Docs"],
    ],
    [
      "billing",
      [
        "Inventory",
        "Products",
        "Cart",
        "Orders",
        "Numbers",
        "Porting",
        "Compliance",
        "Audit log",
        "Billing",
        "Docs",
      ],
    ],
    ["viewer", ["Inventory", "Products", "Orders", "Numbers", "Porting", "Docs"]],
    [
      "support",
      [
        "Inventory",
        "Products",
        "Orders",
        "Numbers",
        "Porting",
        "Port desk",
        "Compliance review",
        "API tokens",
        "Webhooks",
        "Audit log",
        "Billing",
        "Billing accounts",
        "Docs",
      ],
    ],
  ])("%s: %j", (role, expected) => {
    expect(labels(role)).toEqual(expected);
  });

  it("offers Members to every member of an organization, and not to support, who has none", () => {
    for (const role of roles)
      expect(labels(role, accountLinks)).toEqual(role === "support" ? ["Security"] : ["Members", "Security"]);
  });

  it("follows the permission table: a link needing two permissions needs both", () => {
    const both = { href: "/x", label: "X", needs: ["reservations:write", "numbers:write"] as const };
    expect(roles.filter((role) => mayFollow(role, both))).toEqual(["owner", "admin"]);
    const open = { href: "/y", label: "Y", needs: [] };
    expect(roles.filter((role) => mayFollow(role, open))).toEqual([...roles]);
  });
});

describe("a page reached by its address", () => {
  it("says in the API's words why the role may not use it, or nothing when it may", () => {
    expect(refusalFor("viewer", "/tokens")).toBe(
      "The viewer role cannot manage API tokens and webhooks; that needs the owner, admin, developer or support role.",
    );
    expect(refusalFor("support", "/cart")).toBe(
      "The support role cannot hold numbers, use the cart and place orders; that needs the owner, admin or billing role.",
    );
    expect(refusalFor("support", "/settings/members")).toBe(
      "This page shows the members of your own organization; the support role belongs to none.",
    );
    expect(refusalFor("support", "/compliance")).toBe(
      "This page holds your own organization's compliance records; the support role belongs to none. Bundles waiting for review are under Compliance review.",
    );
    expect(refusalFor("owner", "/compliance/review")).toBe(
      "The owner role cannot read every organization's data; that needs the support role.",
    );
    expect(refusalFor("viewer", "/compliance")).toBe(
      "The viewer role cannot manage compliance: end users, addresses, documents and bundles; that needs the owner, admin, billing or support role.",
    );
    expect(refusalFor("billing", "/compliance")).toBeNull();
    expect(refusalFor("support", "/compliance/review")).toBeNull();
    expect(refusalFor("billing", "/cart")).toBeNull();
    expect(refusalFor("viewer", "/docs")).toBeNull();
    expect(refusalFor("viewer", "/porting")).toBeNull();
    expect(refusalFor("viewer", "/porting/new")).toBe(
      "The viewer role cannot create, change, submit and cancel port-in orders; that needs the owner, admin or billing role.",
    );
    expect(refusalFor("support", "/porting/new")).toBe(
      "The support role cannot create, change, submit and cancel port-in orders; that needs the owner, admin or billing role.",
    );
    expect(refusalFor("owner", "/porting/desk")).toBe(
      "The owner role cannot read every organization's data; that needs the support role.",
    );
    expect(refusalFor("support", "/porting/desk")).toBeNull();
    expect(() => refusalFor("owner", "/nowhere")).toThrow("/nowhere is not a page of the navigation");
  });
});
