import { describe, expect, it } from "vitest";
import {
  bulkPermissions,
  bulkRefusal,
  cartRefusal,
  lifecycleRefusal,
  mayCommentOnPorts,
  rulesRefusal,
} from "@/lib/auth/portal-permissions";

describe("the number pages' offer by role", () => {
  it.each([
    ["owner", null, { tags: true, release: true }],
    ["admin", null, { tags: true, release: true }],
    [
      "developer",
      "Releasing, restoring and locking numbers needs the owner or admin role; your role is developer.",
      {
        tags: true,
        release:
          "Releasing, restoring and locking numbers needs the owner or admin role; your role is developer.",
      },
    ],
    [
      "billing",
      "Releasing, restoring and locking numbers needs the owner or admin role; your role is billing.",
      null,
    ],
    [
      "viewer",
      "Releasing, restoring and locking numbers needs the owner or admin role; your role is viewer.",
      null,
    ],
    [
      "support",
      "Releasing, restoring and locking numbers needs the owner or admin role; your role is support.",
      null,
    ],
  ] as const)("%s", (role, refusal, bulk) => {
    expect(lifecycleRefusal(role)).toBe(refusal);
    expect(bulkPermissions(role)).toEqual(bulk);
  });

  it.each([
    ["owner", null],
    ["developer", null],
    ["support", null],
    [
      "viewer",
      "Changing many numbers at once needs the owner, admin, developer or support role; your role is viewer.",
    ],
    [
      "billing",
      "Changing many numbers at once needs the owner, admin, developer or support role; your role is billing.",
    ],
  ] as const)("bulk changes for %s", (role, refusal) => {
    expect(bulkRefusal(role)).toBe(refusal);
  });
});

describe("what the cart and rule pages offer by role", () => {
  it.each([
    ["owner", null, null],
    ["admin", null, null],
    [
      "developer",
      "Holding and buying numbers needs the owner, admin or billing role; your role is developer.",
      null,
    ],
    [
      "billing",
      null,
      "Changing a number's rules needs the owner, admin, developer or support role; your role is billing.",
    ],
    [
      "viewer",
      "Holding and buying numbers needs the owner, admin or billing role; your role is viewer.",
      "Changing a number's rules needs the owner, admin, developer or support role; your role is viewer.",
    ],
    [
      "support",
      "Holding and buying numbers needs the owner, admin or billing role; your role is support.",
      null,
    ],
  ] as const)("%s", (role, cart, rules) => {
    expect(cartRefusal(role)).toBe(cart);
    expect(rulesRefusal(role)).toBe(rules);
  });
});

describe("the port order page's comment box by role", () => {
  it.each([
    ["owner", true],
    ["admin", true],
    ["billing", true],
    ["developer", false],
    ["viewer", false],
    ["support", true],
  ] as const)("%s: %s", (role, offered) => {
    expect(mayCommentOnPorts(role)).toBe(offered);
  });
});
