// POST /api/v2/reservations – hold numbers for the organization; GET – its live holds
import "server-only";
import { route } from "@/lib/api/route";
import { holdNumbers, listHolds } from "@/lib/reservations/hold-numbers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/reservations", {
  POST: async ({ principal, body, now }) => ({
    data: await holdNumbers(
      { organizationId: principal.organizationId, userId: principal.userId },
      body.numbers,
      now,
    ),
  }),
  GET: async ({ principal, now }) => ({ data: await listHolds(principal.organizationId, now) }),
});
