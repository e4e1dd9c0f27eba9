// POST /api/v2/sessions/end-all – sign out everywhere (portal session only)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { personOf, signOutEverywhere } from "@/lib/auth/account";
import { clearedSessionCookie } from "@/lib/auth/reissue-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/sessions/end-all", {
  POST: async ({ principal, request }) => {
    await signOutEverywhere(personOf(principal), new Date());
    return new Reply(undefined, { headers: { "Set-Cookie": clearedSessionCookie(request) } });
  },
});
