// GET /api/v2/organizations – every organization's name, for support users
import "server-only";
import { route } from "@/lib/api/route";
import { listOrganizations } from "@/lib/organizations/list-organizations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/organizations", {
  GET: async ({ principal }) => ({ data: await listOrganizations(principal) }),
});
