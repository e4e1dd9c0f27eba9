// PATCH /api/v2/members/{member_id} – change a member's role; DELETE – remove them (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { changeMemberRole, removeMember } from "@/lib/members/members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/members/{member_id}", {
  PATCH: async ({ principal, params, body }) => ({
    data: await changeMemberRole(principal, params.member_id, body.role),
  }),
  DELETE: async ({ principal, params }) => ({ data: await removeMember(principal, params.member_id) }),
});
