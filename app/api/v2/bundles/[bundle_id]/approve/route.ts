// POST /api/v2/bundles/{bundle_id}/approve
import "server-only";
import { route } from "@/lib/api/route";
import { approveBundle } from "@/lib/compliance/bundle-review";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles/{bundle_id}/approve", {
  POST: async ({ principal, params }) => ({ data: await approveBundle(principal, params.bundle_id) }),
});
