import { describe, expect, it } from "vitest";
import { bulkPermissions, bulkRefusal, lifecycleRefusal } from "@/lib/auth/portal-permissions";

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
