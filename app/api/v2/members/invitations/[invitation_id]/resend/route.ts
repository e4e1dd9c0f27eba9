// POST /api/v2/members/invitations/{invitation_id}/resend – a new link, 7 more days (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { resendInvitation } from "@/lib/members/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/members/invitations/{invitation_id}/resend",
  {
    POST: async ({ principal, params }) => ({
      data: await resendInvitation(principal, params.invitation_id),
    }),
  },
);
