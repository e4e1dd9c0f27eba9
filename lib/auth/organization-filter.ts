import { ApiError } from "@/lib/errors";
import type { Viewer } from "@/lib/auth/types";
import { roleMay } from "@/lib/auth/roles";

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
  if (roleMay(viewer.role, "organizations:all"))
    return requested === undefined ? {} : { organizationId: requested };
  if (requested !== undefined) {
    throw new ApiError(
      "invalid_parameter",
      "organization_id is for support users",
      `query.organization_id=${requested}`,
    );
  }
  return { organizationId: viewer.organizationId };
}
