import "server-only";
import { randomBytes } from "node:crypto";
import { ApiError, notFound } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { hashPassword } from "@/lib/auth/passwords";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashLinkToken, siteUrl } from "@/lib/accounts/links";
import { queueEmail } from "@/lib/email/queue";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { newId } from "@/lib/ids";
import { assertMayTouch, membersOf, type Caller } from "@/lib/members/members";
import type { OrganizationRole } from "@/lib/schemas/roles";
import type {
  AcceptInvitationRequest,
  Invitation,
  InvitationPreview,
  InviteRequest,
} from "@/lib/schemas/members";

// Invitations to join an organization (docs/CONTRACT.md §15): one person belongs to one
// organization, and an invitation works once and for 7 days. The members themselves are
// lib/members/members.ts.

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
type InvitationRow = Awaited<ReturnType<Tx["memberInvitation"]["findFirstOrThrow"]>>;

async function toInvitations(rows: InvitationRow[], now: Date): Promise<Invitation[]> {
  const prisma = await getPrisma();
  const inviterIds = [...new Set(rows.flatMap((row) => (row.invitedByUserId ? [row.invitedByUserId] : [])))];
  const inviters = new Map(
    (await prisma.user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, name: true } })).map(
      (user) => [user.id, user.name],
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as OrganizationRole,
    invited_by:
      row.invitedByUserId && inviters.has(row.invitedByUserId)
        ? { user_id: row.invitedByUserId, name: inviters.get(row.invitedByUserId)! }
        : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status: row.acceptedAt
      ? "accepted"
      : row.revokedAt
        ? "revoked"
        : row.expiresAt <= now
          ? "expired"
          : "pending",
  }));
}

/** The organization's invitations still waiting for an answer, newest first. */
export async function listInvitations(
  caller: Caller,
  requested: string | undefined,
  now: Date,
): Promise<Invitation[]> {
  const prisma = await getPrisma();
  const rows = await prisma.memberInvitation.findMany({
    where: {
      organizationId: membersOf(caller, requested),
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: now },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return toInvitations(rows, now);
}

function invitationMessage(to: string, organizationName: string, role: string, token: string) {
  const link = siteUrl(`/invitations/${token}`);
  return {
    to,
    kind: "invitation",
    subject: `You are invited to ${organizationName} on Numbers`,
    text: [
      `You are invited to join ${organizationName} on Numbers as ${role === "admin" ? "an" : "a"} ${role}.`,
      "",
      `Accept the invitation and choose your password: ${link}`,
      "",
      "The link works once, for 7 days. If you did not expect it, ignore this email.",
    ].join("\n"),
  };
}

/** A fresh link for an invitation: 256 random bits, of which only the SHA-256 is kept. */
function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}

export async function inviteMember(caller: Caller, request: InviteRequest, now: Date): Promise<Invitation> {
  assertMayTouch(caller, request.role, "invite", `body.role=${request.role}`);
  const row = await inRetryingTransaction(async (tx) => {
    // One person belongs to one organization (docs/CONTRACT.md §15).
    if (await tx.user.findUnique({ where: { email: request.email }, select: { id: true } }))
      throw new ApiError(
        "email_in_use",
        `${request.email} already belongs to a person with an account; one person belongs to one organization.`,
        `body.email=${request.email}`,
      );
    // Inviting the same address again replaces the earlier link: only the newest works.
    await tx.memberInvitation.updateMany({
      where: {
        organizationId: caller.organizationId,
        email: request.email,
        acceptedAt: null,
        revokedAt: null,
      },
      data: { revokedAt: now },
    });
    const { token, tokenHash } = newLinkToken();
    const created = await tx.memberInvitation.create({
      data: {
        id: newId("invitation"),
        organizationId: caller.organizationId,
        email: request.email,
        role: request.role,
        tokenHash,
        invitedByUserId: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      },
    });
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: caller.organizationId } });
    await queueEmail(tx, invitationMessage(request.email, organization.name, request.role, token), now);
    await recordAudit(tx, {
      ...(await auditSource(tx, caller)),
      action: "invitation.created",
      organizationId: caller.organizationId,
      resource: { type: "invitation", id: created.id },
      changes: [
        { field: "email", from: null, to: request.email },
        { field: "role", from: null, to: request.role },
      ],
      at: now,
    });
    return created;
  });
  return (await toInvitations([row], now))[0];
}

async function pendingInvitationOrThrow(tx: Tx, caller: Caller, invitationId: string) {
  const row = await tx.memberInvitation.findFirst({
    where: { id: invitationId, organizationId: caller.organizationId },
  });
  if (!row) throw notFound("invitation", invitationId);
  if (row.acceptedAt)
    throw new ApiError(
      "invitation_used",
      "This invitation has been accepted already.",
      `invitation_id=${invitationId}`,
    );
  if (row.revokedAt) throw notFound("invitation", invitationId);
  assertMayTouch(caller, row.role as OrganizationRole, "invite", `invitation.role=${row.role}`);
  return row;
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  caller: Caller,
  invitationId: string,
  now = new Date(),
): Promise<Invitation> {
  const row = await inRetryingTransaction(async (tx) => {
    await pendingInvitationOrThrow(tx, caller, invitationId);
    const revoked = await tx.memberInvitation.update({
      where: { id: invitationId },
      data: { revokedAt: now },
    });
    await recordAudit(tx, {
      ...(await auditSource(tx, caller)),
      action: "invitation.revoked",
      organizationId: caller.organizationId,
      resource: { type: "invitation", id: invitationId },
      at: now,
    });
    return revoked;
  });
  return (await toInvitations([row], now))[0];
}

/** Sends the invitation again with a new link (the old one stops working) and 7 more days. */
export async function resendInvitation(
  caller: Caller,
  invitationId: string,
  now = new Date(),
): Promise<Invitation> {
  const row = await inRetryingTransaction(async (tx) => {
    const pending = await pendingInvitationOrThrow(tx, caller, invitationId);
    const { token, tokenHash } = newLinkToken();
    const updated = await tx.memberInvitation.update({
      where: { id: invitationId },
      data: { tokenHash, expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS) },
    });
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: caller.organizationId } });
    await queueEmail(tx, invitationMessage(pending.email, organization.name, pending.role, token), now);
    await recordAudit(tx, {
      ...(await auditSource(tx, caller)),
      action: "invitation.resent",
      organizationId: caller.organizationId,
      resource: { type: "invitation", id: invitationId },
      at: now,
    });
    return updated;
  });
  return (await toInvitations([row], now))[0];
}

/** 404 for a link that never was, was revoked or was replaced: the same words for each. */
function invalidLink(): ApiError {
  return new ApiError(
    "not_found",
    "This invitation link is not valid: it may have been revoked or replaced by a newer one. Ask for a new invitation.",
    "path.token=(not shown)",
  );
}

/**
 * What an invitation link offers, for the page it opens: the person reads whom they join, as
 * what, and with which email before choosing a password, and a used or expired link says so
 * before anything is typed. The token is the secret: whoever holds it is the one invited.
 */
export async function previewInvitation(token: string, now: Date): Promise<InvitationPreview> {
  const prisma = await getPrisma();
  const row = await prisma.memberInvitation.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    include: { organization: { select: { name: true } } },
  });
  if (!row || row.revokedAt) throw invalidLink();
  const inviter = row.invitedByUserId
    ? await prisma.user.findUnique({ where: { id: row.invitedByUserId }, select: { name: true } })
    : null;
  return {
    organization_name: row.organization.name,
    role: row.role as OrganizationRole,
    email: row.email,
    invited_by: inviter ? { name: inviter.name } : null,
    expires_at: row.expiresAt.toISOString(),
    status: row.acceptedAt ? "accepted" : row.expiresAt <= now ? "expired" : "pending",
  };
}

/**
 * Accepts an invitation by its link: the person joins the organization with the invited role,
 * their email proven by the link. The update is conditional, so a link works exactly once.
 */
export async function acceptInvitation(
  token: string,
  request: AcceptInvitationRequest,
  now: Date,
): Promise<{ email: string; organization_name: string; role: OrganizationRole }> {
  assertPasswordAllowed(request.password);
  const passwordHash = await hashPassword(request.password);
  return inRetryingTransaction(async (tx) => {
    const tokenHash = hashLinkToken(token);
    const row = await tx.memberInvitation.findUnique({ where: { tokenHash } });
    if (!row || row.revokedAt) throw invalidLink();
    if (row.acceptedAt)
      throw new ApiError(
        "invitation_used",
        "This invitation has been accepted already; sign in instead.",
        `invitation_id=${row.id}`,
      );
    if (row.expiresAt <= now)
      throw new ApiError(
        "invalid_parameter",
        `This invitation expired on ${row.expiresAt.toISOString()}; ask for a new one.`,
        `invitation_id=${row.id}`,
      );
    const taken = await tx.memberInvitation.updateMany({
      where: { id: row.id, acceptedAt: null, revokedAt: null },
      data: { acceptedAt: now },
    });
    if (taken.count !== 1)
      throw new ApiError(
        "invitation_used",
        "This invitation has been accepted already; sign in instead.",
        `invitation_id=${row.id}`,
      );
    if (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } }))
      throw new ApiError(
        "email_in_use",
        `${row.email} already belongs to a person with an account; one person belongs to one organization.`,
        `invitation.email=${row.email}`,
      );
    const userId = newId("user");
    await tx.user.create({
      data: {
        id: userId,
        organizationId: row.organizationId,
        email: row.email,
        name: request.name,
        role: row.role,
        passwordHash,
        createdAt: now,
        emailVerifiedAt: now,
      },
    });
    await recordAudit(tx, {
      actor: { type: "user", id: userId, name: request.name },
      ip: null,
      action: "invitation.accepted",
      organizationId: row.organizationId,
      resource: { type: "member", id: userId },
      changes: [{ field: "role", from: null, to: row.role }],
      at: now,
    });
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: row.organizationId } });
    return { email: row.email, organization_name: organization.name, role: row.role as OrganizationRole };
  });
}
