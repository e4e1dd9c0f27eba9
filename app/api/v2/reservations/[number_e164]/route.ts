// DELETE /api/v2/reservations/{number_e164} – release one of the organization's holds
import "server-only";
import { route } from "@/lib/api/route";
import { releaseHold } from "@/lib/reservations/hold-numbers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/reservations/{number_e164}", {
  DELETE: async ({ principal, params, now }) => ({
    data: await releaseHold(principal.organizationId, params.number_e164, now),
  }),
});
