import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  acceptedInvitationResponseSchema,
  acceptInvitationRequestSchema,
  changeRoleRequestSchema,
  invitationListResponseSchema,
  invitationParamsSchema,
  invitationPreviewResponseSchema,
  invitationResponseSchema,
  invitationTokenParamsSchema,
  inviteRequestSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberParamsSchema,
  memberResponseSchema,
  membersQuerySchema,
} from "@/lib/schemas/members";

// An organization's members and invitations (docs/CONTRACT.md §15). Reading needs members:read (every
// member; support names the organization). Changing the team is a person's act: a portal
// session of an owner or admin ("members:manage" in lib/auth/roles.ts), never a token, since
// no token scope grants it.
const manage = { scope: "members:read", permission: "members:manage", auth: "session" } as const;
const bodyErrors = ["invalid_parameter", "payload_too_large", "unsupported_media_type"] as const;

export const memberEndpoints = {
  "GET /members": defineEndpoint({
    summary: "Your organization's members with their roles, by name (support: organization_id names whose)",
    scope: "members:read",
    query: memberListQuerySchema,
    response: memberListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
    tag: "Members",
  }),
  "PATCH /members/{member_id}": defineEndpoint({
    summary: "Change a member's role (owner or admin; admins cannot change owners; the last owner stays)",
    ...manage,
    params: memberParamsSchema,
    query: emptyQuerySchema,
    body: changeRoleRequestSchema,
    response: memberResponseSchema,
    errors: [...bodyErrors, "not_found", "last_owner"],
    tag: "Members",
  }),
  "DELETE /members/{member_id}": defineEndpoint({
    summary:
      "Remove a member: their sessions end and their tokens are revoked (owner or admin; admins cannot remove owners; the last owner stays)",
    ...manage,
    params: memberParamsSchema,
    query: emptyQuerySchema,
    response: memberResponseSchema,
    errors: ["not_found", "last_owner"],
    tag: "Members",
  }),
  "GET /members/invitations": defineEndpoint({
    summary: "Invitations still waiting for an answer",
    scope: "members:read",
    query: membersQuerySchema,
    response: invitationListResponseSchema,
    tag: "Members",
  }),
  "POST /members/invitations": defineEndpoint({
    summary:
      "Invite a person by email with a role; the link works once, for 7 days (admins cannot invite owners)",
    ...manage,
    query: emptyQuerySchema,
    body: inviteRequestSchema,
    response: invitationResponseSchema,
    status: 201,
    errors: [...bodyErrors, "email_in_use"],
    tag: "Members",
  }),
  "DELETE /members/invitations/{invitation_id}": defineEndpoint({
    summary: "Revoke an invitation: its link stops working",
    ...manage,
    params: invitationParamsSchema,
    query: emptyQuerySchema,
    response: invitationResponseSchema,
    errors: ["not_found", "invitation_used"],
    tag: "Members",
  }),
  "POST /members/invitations/{invitation_id}/resend": defineEndpoint({
    summary: "Send an invitation again with a new link, valid 7 days from now (the old link stops working)",
    ...manage,
    params: invitationParamsSchema,
    query: emptyQuerySchema,
    response: invitationResponseSchema,
    errors: ["not_found", "invitation_used"],
    tag: "Members",
  }),
  "GET /invitations/{token}": defineEndpoint({
    summary:
      "Read an invitation from its link before joining: the organization, the role, who invited you, the email to sign in with, and whether the link was used or expired",
    scope: null,
    params: invitationTokenParamsSchema,
    query: emptyQuerySchema,
    response: invitationPreviewResponseSchema,
    errors: ["not_found"],
    tag: "Members",
  }),
  "POST /invitations/{token}/accept": defineEndpoint({
    summary: "Accept an invitation from its link: you join the organization with the role it names",
    scope: null,
    params: invitationTokenParamsSchema,
    query: emptyQuerySchema,
    body: acceptInvitationRequestSchema,
    response: acceptedInvitationResponseSchema,
    status: 201,
    errors: [...bodyErrors, "not_found", "invitation_used", "email_in_use"],
    tag: "Members",
  }),
};
