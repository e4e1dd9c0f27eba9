import { ApiError } from "@/lib/errors";
import { bundleStatuses } from "@/lib/schemas/compliance-bundles";

// A bundle's life (docs/CONTRACT.md §17), in one table: draft → pending_review → approved | rejected;
// a rejected bundle goes back to draft when edited; an approved one expires with its earliest
// document. Every state change goes through transitionBundle, so a state cannot be reached
// any other way.

export type BundleStatus = (typeof bundleStatuses)[number];

export const bundleActions = ["edit", "submit", "approve", "reject", "expire"] as const;
export type BundleAction = (typeof bundleActions)[number];

const transitions: Record<BundleStatus, Partial<Record<BundleAction, BundleStatus>>> = {
  draft: { edit: "draft", submit: "pending_review" },
  pending_review: { approve: "approved", reject: "rejected" },
  approved: { expire: "expired" },
  rejected: { edit: "draft" },
  expired: {},
};

const actionWords: Record<BundleAction, string> = {
  edit: "edited",
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  expire: "expired",
};

/** The state after `action`, or 400 invalid_transition naming the state and the action. */
export function transitionBundle(status: BundleStatus, action: BundleAction): BundleStatus {
  const next = transitions[status][action];
  if (next === undefined) {
    throw new ApiError(
      "invalid_transition",
      `A bundle that is ${status} cannot be ${actionWords[action]}.`,
      `status=${status}, action=${action}`,
    );
  }
  return next;
}

/** The statuses from which `action` is allowed, for a conditional UPDATE's WHERE. */
export function statusesAllowing(action: BundleAction): BundleStatus[] {
  return bundleStatuses.filter((status) => transitions[status][action] !== undefined);
}
