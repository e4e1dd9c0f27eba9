// POST /api/v2/bundles/{bundle_id}/submit
import "server-only";
import { route } from "@/lib/api/route";
import { submitBundle } from "@/lib/compliance/bundles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles/{bundle_id}/submit", {
  POST: async ({ principal, params }) => ({ data: await submitBundle(principal, params.bundle_id) }),
});
