// GET /api/v2/organization/settings – your organization's settings; PATCH – change them (owners)
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { changeOrganizationSettings, organizationSettings } from "@/lib/auth/organization-settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/organization/settings", {
  GET: async ({ principal }) => organizationSettings(personOf(principal)),
  PATCH: async ({ principal, body }) => changeOrganizationSettings(personOf(principal), body, new Date()),
});
