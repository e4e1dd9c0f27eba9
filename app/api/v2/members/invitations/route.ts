// GET /api/v2/members/invitations – pending invitations; POST – invite someone (docs/CONTRACT.md §15)
import "server-only";
import { route, Reply } from "@/lib/api/route";
import { inviteMember, listInvitations } from "@/lib/members/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/members/invitations", {
  GET: async ({ principal, query, now }) => ({
    data: await listInvitations(principal, query.organization_id, now),
  }),
  POST: async ({ principal, body, now }) =>
    new Reply({ data: await inviteMember(principal, body, now) }, { status: 201 }),
});
