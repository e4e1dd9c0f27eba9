// GET /api/v2/extension/{extension} – configurations of an extension the caller may read
import { route } from "@/lib/api/route";
import { getExtensionConfigurations } from "@/lib/numbers/configurations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/extension/{extension}", {
  GET: async ({ principal, params, query }) => ({ data: await getExtensionConfigurations(principal, params.extension, query.organization_id) }),
});
