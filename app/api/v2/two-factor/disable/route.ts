// POST /api/v2/two-factor/disable – turn two-factor sign-in off (a code or the password)
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { disableTwoFactor } from "@/lib/auth/two-factor";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/two-factor/disable", {
  POST: async ({ principal, body }) => {
    await disableTwoFactor(personOf(principal), body, new Date());
    return undefined;
  },
});
