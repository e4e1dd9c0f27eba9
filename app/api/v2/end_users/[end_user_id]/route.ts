// GET /api/v2/end_users/{end_user_id} – one; PATCH – change it
import "server-only";
import { route } from "@/lib/api/route";
import { getEndUserOrThrow, updateEndUser } from "@/lib/compliance/end-users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/end_users/{end_user_id}", {
  GET: async ({ principal, params }) => ({ data: await getEndUserOrThrow(principal, params.end_user_id) }),
  PATCH: async ({ principal, params, body }) => ({
    data: await updateEndUser(principal.organizationId, params.end_user_id, body),
  }),
});
