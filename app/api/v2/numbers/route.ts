// GET /api/v2/numbers – configurations of the caller's numbers and extensions, filtered
import { route } from "@/lib/api/route";
import { searchNumberConfigurations } from "@/lib/numbers/configurations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers", {
  GET: async ({ principal, query }) => ({ data: await searchNumberConfigurations(principal, query) }),
});
