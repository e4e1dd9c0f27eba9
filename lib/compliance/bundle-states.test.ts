import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { bundleStatuses } from "@/lib/schemas/compliance-bundles";
import {
  bundleActions,
  statusesAllowing,
  transitionBundle,
  type BundleAction,
  type BundleStatus,
} from "@/lib/compliance/bundle-states";

const allowed: [BundleStatus, BundleAction, BundleStatus][] = [
  ["draft", "edit", "draft"],
  ["draft", "submit", "pending_review"],
  ["pending_review", "approve", "approved"],
  ["pending_review", "reject", "rejected"],
  ["approved", "expire", "expired"],
  ["rejected", "edit", "draft"],
];

const words: Record<BundleAction, string> = {
  edit: "edited",
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  expire: "expired",
};

const refused = bundleStatuses.flatMap((status) =>
  bundleActions
    .filter((action) => !allowed.some(([from, by]) => from === status && by === action))
    .map((action) => [status, action] as [BundleStatus, BundleAction]),
);

describe("bundle state machine", () => {
  it.each(allowed)("%s --%s--> %s", (from, action, to) => {
    expect(transitionBundle(from, action)).toBe(to);
  });

  it("refuses the 19 other pairs", () => {
    expect(refused).toHaveLength(bundleStatuses.length * bundleActions.length - allowed.length);
    expect(refused).toHaveLength(19);
  });

  it.each(refused)("refuses %s --%s--> with invalid_transition naming both", (from, action) => {
    let thrown: unknown;
    try {
      transitionBundle(from, action);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.code).toBe("invalid_transition");
    expect(error.status).toBe(400);
    expect(error.message).toBe(`A bundle that is ${from} cannot be ${words[action]}.`);
    expect(error.details).toBe(`status=${from}, action=${action}`);
  });

  it("lists the states each action leaves from", () => {
    expect(statusesAllowing("edit")).toEqual(["draft", "rejected"]);
    expect(statusesAllowing("submit")).toEqual(["draft"]);
    expect(statusesAllowing("approve")).toEqual(["pending_review"]);
    expect(statusesAllowing("reject")).toEqual(["pending_review"]);
    expect(statusesAllowing("expire")).toEqual(["approved"]);
  });
});
