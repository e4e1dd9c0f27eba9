import { ApiError } from "@/lib/errors";
import type { Viewer } from "@/lib/auth/types";
import { roleMay } from "@/lib/auth/roles";

/** Whether the viewer reads every organization's data (support), said once for every reader. */
export function readsEveryOrganization(viewer: Pick<Viewer, "role">): boolean {
  return roleMay(viewer.role, "organizations:all");
}

/** The where fragment of a read with no organization_id filter: every organization, or the viewer's own. */
export function ownOrganizationUnlessSupport(viewer: Viewer): { organizationId?: string } {
  return readsEveryOrganization(viewer) ? {} : { organizationId: viewer.organizationId };
}

/**
 * The one organization_id rule (docs/CONTRACT.md §2), for every endpoint that has the filter: a
 * customer reads their own organization, and sending organization_id at all is a 400 (the
 * filter is a support tool; refusing every value leaks nothing). Support reads every
 * organization, or the one named. The answer is a where fragment, so the rule sits in the
 * query itself.
 */
export function readableOrganizations(
  viewer: Viewer,
  requested: string | undefined,
): { organizationId?: string } {
  if (readsEveryOrganization(viewer)) return requested === undefined ? {} : { organizationId: requested };
  if (requested !== undefined) {
    throw new ApiError(
      "invalid_parameter",
      "organization_id is for support users",
      `query.organization_id=${requested}`,
    );
  }
  return { organizationId: viewer.organizationId };
}
