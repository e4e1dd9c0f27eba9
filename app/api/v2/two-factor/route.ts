// GET /api/v2/two-factor – whether two-factor sign-in is on for you (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { twoFactorStatus } from "@/lib/auth/two-factor";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/two-factor", {
  GET: async ({ principal }) => twoFactorStatus(personOf(principal)),
});
