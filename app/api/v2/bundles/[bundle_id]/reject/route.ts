// POST /api/v2/bundles/{bundle_id}/reject – support: reject with a reason and notes per document
import "server-only";
import { route } from "@/lib/api/route";
import { rejectBundle } from "@/lib/compliance/bundle-review";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles/{bundle_id}/reject", {
  POST: async ({ principal, params, body }) => ({
    data: await rejectBundle(principal, params.bundle_id, body),
  }),
});
