// DELETE /api/v2/tokens/{token_id} – revoke one of the organization's API tokens (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { requireSessionManager, revokeToken } from "@/lib/tokens/manage-tokens";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/tokens/{token_id}", {
  DELETE: async ({ principal, params }) => ({
    data: await revokeToken(requireSessionManager(principal), params.token_id),
  }),
});
