// GET /api/v2/billing/profile – the organization's billing profile; PUT – set it
import "server-only";
import { route } from "@/lib/api/route";
import { getBillingProfileOrThrow, putBillingProfile } from "@/lib/billing/profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/profile", {
  GET: async ({ principal, query }) => ({
    data: await getBillingProfileOrThrow(principal, query.organization_id),
  }),
  PUT: async ({ principal, body, now }) => ({
    data: await putBillingProfile(principal.organizationId, body, now),
  }),
});
