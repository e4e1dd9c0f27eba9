// /settings/members – the organization's members, invitations and roles (docs/CONTRACT.md §15)
import "server-only";
import type { Metadata } from "next";
import { MemberSettings } from "@/components/members/member-settings";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { RoleGate } from "@/components/auth/role-gate";
import { roleMay } from "@/lib/auth/roles";
import { refusalFor } from "@/lib/auth/navigation";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Members"
        description="Who is in your organization, with what role, and who is invited."
      />
      <RoleGate refusal={refusalFor(user.role, "/settings/members")}>
        <MemberSettings
          role={user.role}
          userId={user.userId}
          manages={roleMay(user.role, "members:manage")}
        />
      </RoleGate>
    </>
  );
}
