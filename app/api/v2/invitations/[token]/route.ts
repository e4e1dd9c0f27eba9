// GET /api/v2/invitations/{token} – what an invitation link offers, read before joining
import "server-only";
import { route } from "@/lib/api/route";
import { previewInvitation } from "@/lib/members/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invitations/{token}", {
  GET: async ({ params, now }) => ({ data: await previewInvitation(params.token, now) }),
});
