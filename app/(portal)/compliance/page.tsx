// /compliance – the organization's end users, addresses, documents and bundles (docs/CONTRACT.md §17)
import "server-only";
import type { Metadata } from "next";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { Addresses } from "@/components/compliance/addresses";
import { Bundles } from "@/components/compliance/bundles";
import { Documents } from "@/components/compliance/documents";
import { EndUsers } from "@/components/compliance/end-users";
import { WaitingNumbers } from "@/components/compliance/waiting-numbers";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Compliance" };

export default async function CompliancePage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Compliance"
        description="Some numbers may only be used once the regulator's documents are in. The steps below follow the work: who the numbers are for, their address, the documents, then a bundle of them handed in for review."
      />
      <RoleGate refusal={refusalFor(user.role, "/compliance")}>
        <div className="stack">
          <WaitingNumbers />
          <EndUsers />
          <Addresses />
          <Documents />
          <Bundles />
        </div>
      </RoleGate>
    </>
  );
}
