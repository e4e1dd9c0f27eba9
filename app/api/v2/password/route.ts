// POST /api/v2/password – change your password; other sessions end, this one is renewed
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { changePassword, personOf } from "@/lib/auth/account";
import { reissuedSessionCookie } from "@/lib/auth/reissue-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/password", {
  POST: async ({ principal, request, body }) => {
    const now = new Date();
    await changePassword(personOf(principal), body, now);
    const cookie = await reissuedSessionCookie(request, now);
    return new Reply(undefined, { headers: cookie ? { "Set-Cookie": cookie } : {} });
  },
});
