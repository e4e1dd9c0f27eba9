// POST /api/v2/bundles/{bundle_id}/evaluate – whether the bundle meets its requirements, and why not
import "server-only";
import { route } from "@/lib/api/route";
import { evaluateBundle } from "@/lib/compliance/bundles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles/{bundle_id}/evaluate", {
  POST: async ({ principal, params }) => ({ data: await evaluateBundle(principal, params.bundle_id) }),
});
