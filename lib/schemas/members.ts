import { z } from "zod";
import { organizationIdFilterSchema, pageQuery, timestampSchema } from "@/lib/schemas/common";
import { emailSchema, nameField, newPasswordSchema } from "@/lib/schemas/accounts";
import { organizationRoleSchema } from "@/lib/schemas/roles";

// An organization's members and invitations (docs/CONTRACT.md §15). The same schemas check the
// portal's forms, so a person reads the API's words next to the field.

const roleField = z.enum(organizationRoleSchema.options, {
  error: `role must be one of ${organizationRoleSchema.options.join(", ")}`,
});

const memberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: organizationRoleSchema,
    joined_at: timestampSchema("ISO 8601"),
  })
  .meta({ id: "Member" });
export type Member = z.infer<typeof memberSchema>;

const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: organizationRoleSchema,
    invited_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
    created_at: timestampSchema("ISO 8601"),
    expires_at: timestampSchema("ISO 8601: the link works until then, once"),
    status: z.enum(["pending", "accepted", "revoked", "expired"]),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof invitationSchema>;

export const memberListResponseSchema = z.object({ data: z.array(memberSchema) });
export const memberResponseSchema = z.object({ data: memberSchema });
export const invitationListResponseSchema = z.object({ data: z.array(invitationSchema) });
export const invitationResponseSchema = z.object({ data: invitationSchema });

export const membersQuerySchema = z.strictObject({
  organization_id: z.string().min(1).max(100).optional().describe("Support only: whose members"),
});
/** GET /members: paged like every list (limit, offset), in the same organization filter. */
export const memberListQuerySchema = z.strictObject({
  ...pageQuery,
  organization_id: organizationIdFilterSchema,
});
export const memberParamsSchema = z.strictObject({
  member_id: z
    .string()
    .min(1)
    .max(100)
    .meta({ examples: ["usr_0123456789abcdef0123"] }),
});
export const invitationParamsSchema = z.strictObject({
  invitation_id: z
    .string()
    .min(1)
    .max(100)
    .meta({ examples: ["inv_0123456789abcdef0123456789abcdef"] }),
});
export const invitationTokenParamsSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(200)
    .meta({ examples: ["3q2-7wFh1xQeYk9mP0sLr8VbNc4TzUaJdGiH5oW6yEs"] }),
});

export const inviteRequestSchema = z
  .strictObject({ email: emailSchema, role: roleField })
  .meta({ examples: [{ email: "grace@example.com", role: "developer" }] });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;
export const changeRoleRequestSchema = z
  .strictObject({ role: roleField })
  .meta({ examples: [{ role: "admin" }] });
export const acceptInvitationRequestSchema = z
  .strictObject({
    name: nameField("name", 100),
    password: newPasswordSchema,
  })
  .meta({ examples: [{ name: "Grace Hopper", password: "violet kettle harbour 42" }] });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const acceptedInvitationResponseSchema = z.object({
  data: z.object({ email: z.string(), organization_name: z.string(), role: organizationRoleSchema }),
});

/**
 * What an invitation link offers, read before joining: whose organization, which role, who
 * sent it, the email it signs in with, and whether the link still works.
 */
export const invitationPreviewResponseSchema = z.object({
  data: z
    .object({
      organization_name: z.string(),
      role: organizationRoleSchema,
      email: z.string().describe("The email the person will sign in with"),
      invited_by: z.object({ name: z.string() }).nullable(),
      expires_at: timestampSchema("ISO 8601: the link works until then, once"),
      status: z
        .enum(["pending", "accepted", "expired"])
        .describe("pending: the link can be used; accepted: it was used; expired: ask for a new one"),
    })
    .meta({ id: "InvitationPreview" }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewResponseSchema>["data"];
