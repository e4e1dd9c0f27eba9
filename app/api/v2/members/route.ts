// GET /api/v2/members – the organization's members with their roles (contract §15)
import { route } from "@/lib/api/route";
import { listMembers } from "@/lib/members/manage-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/members", {
  GET: async ({ principal, query }) => ({ data: await listMembers(principal, query.organization_id) }),
});
