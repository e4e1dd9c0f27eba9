// /invitations/{token} – what an invitation offers, then name and password to join (docs/CONTRACT.md §15)
import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitationForm } from "@/components/members/accept-invitation-form";
import { formatDate } from "@/components/ui/format";
import { requestTime } from "@/lib/api/request-clock";
import { ApiError } from "@/lib/errors";
import { previewInvitation } from "@/lib/members/invitations";
import type { InvitationPreview } from "@/lib/schemas/members";

export const metadata: Metadata = { title: "Accept the invitation" };

type Props = { params: Promise<{ token: string }> };

// Read on the server, so the first paint already says whom the person joins, or that the
// link was used or expired, before anything is typed.
async function readInvitation(token: string): Promise<InvitationPreview | ApiError> {
  try {
    return await previewInvitation(token, requestTime());
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

const article = (role: string) => (role === "admin" || role === "owner" ? "an" : "a");

export default async function AcceptInvitationPage({ params }: Props) {
  const { token } = await params;
  const invitation = await readInvitation(token);
  if (invitation instanceof ApiError)
    return (
      <AuthCard title="This invitation link does not work">
        <p className="notice notice--error" role="alert" data-testid="invitation-state">
          {invitation.message} <Link href="/sign-in">Sign in</Link> if you already have an account.
        </p>
      </AuthCard>
    );
  const { organization_name: organization, role, email, invited_by: inviter } = invitation;
  const from = inviter ? `${inviter.name} of ${organization}` : organization;
  if (invitation.status === "accepted")
    return (
      <AuthCard title={`You have already joined ${organization}`}>
        <p className="notice notice--warning" role="alert" data-testid="invitation-state">
          This invitation has been used. <Link href="/sign-in">Sign in</Link> with {email} and the password
          you chose.
        </p>
      </AuthCard>
    );
  if (invitation.status === "expired")
    return (
      <AuthCard title="This invitation has expired">
        <p className="notice notice--warning" role="alert" data-testid="invitation-state">
          The invitation to join {organization} as {article(role)} {role} expired on{" "}
          {formatDate(invitation.expires_at)}. Ask {inviter ? inviter.name : "an owner or admin of it"} to
          send a new one.
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title={`Join ${organization} on Numbers`}>
      <dl className="dl" data-testid="invitation-summary">
        <dt>Organization</dt>
        <dd>{organization}</dd>
        <dt>Your role</dt>
        <dd>{role}</dd>
        <dt>Invited by</dt>
        <dd>{from}</dd>
        <dt>You sign in with</dt>
        <dd>{email}</dd>
        <dt>Link valid until</dt>
        <dd>{formatDate(invitation.expires_at)}</dd>
      </dl>
      <p className="small muted">Choose your name and a password; you are signed in as soon as you join.</p>
      <AcceptInvitationForm token={token} email={email} organization={organization} />
    </AuthCard>
  );
}
