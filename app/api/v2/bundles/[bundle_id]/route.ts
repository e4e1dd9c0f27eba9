// GET /api/v2/bundles/{bundle_id} – one bundle; PATCH – change a draft or rejected one
import "server-only";
import { route } from "@/lib/api/route";
import { getBundleOrThrow, updateBundle } from "@/lib/compliance/bundles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/bundles/{bundle_id}", {
  GET: async ({ principal, params }) => ({ data: await getBundleOrThrow(principal, params.bundle_id) }),
  PATCH: async ({ principal, params, body }) => ({
    data: await updateBundle(principal, params.bundle_id, body),
  }),
});
