// POST /api/v2/two-factor/recovery-codes – new recovery codes, shown once
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { regenerateRecoveryCodes } from "@/lib/auth/two-factor";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/two-factor/recovery-codes", {
  POST: async ({ principal, body }) => regenerateRecoveryCodes(personOf(principal), body.code, new Date()),
});
