// DELETE /api/v2/members/invitations/{invitation_id} – revoke an invitation (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { revokeInvitation } from "@/lib/members/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/members/invitations/{invitation_id}", {
  DELETE: async ({ principal, params }) => ({
    data: await revokeInvitation(principal, params.invitation_id),
  }),
});
