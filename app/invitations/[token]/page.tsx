// /invitations/{token} – accept an invitation: name and password (contract §15)
import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/members/accept-invitation-form";

export const metadata: Metadata = { title: "Accept the invitation" };

type Props = { params: Promise<{ token: string }> };

export default async function AcceptInvitationPage({ params }: Props) {
  const { token } = await params;
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1>Join your team on Numbers</h1>
        <AcceptInvitationForm token={token} />
      </div>
    </main>
  );
}
