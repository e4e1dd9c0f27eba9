// POST /api/v2/invitations/{token}/accept – join the organization an invitation names (docs/CONTRACT.md §15)
import "server-only";
import { route, Reply } from "@/lib/api/route";
import { acceptInvitation } from "@/lib/members/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/invitations/{token}/accept", {
  POST: async ({ params, body, now }) =>
    new Reply({ data: await acceptInvitation(params.token, body, now) }, { status: 201 }),
});
