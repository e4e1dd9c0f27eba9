// GET /api/v2/tokens – the organization's API tokens; POST – create one (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { createToken, listTokens, requireSessionManager } from "@/lib/tokens/manage-tokens";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/tokens", {
  GET: async ({ principal }) => ({ data: await listTokens(requireSessionManager(principal)) }),
  POST: async ({ principal, body }) => ({ data: await createToken(requireSessionManager(principal), body) }),
});
