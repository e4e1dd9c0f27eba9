// /audit – who changed what in the organization, when and from where (filters in the query string)
import "server-only";
import type { Metadata } from "next";
import { AuditView } from "@/components/audit/audit-view";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await requirePortalUser();
  const isSupport = readsEveryOrganization(user);
  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          isSupport
            ? "Every change made in an organization, by its people, its tokens and support staff. Kept one year."
            : "Every change made in your organization — orders, numbers, tokens, webhooks, sign-ins — by whom and from where. Kept one year."
        }
      />
      {/* useSearchParams (the filters) needs a boundary for the static shell. */}
      <RoleGate refusal={refusalFor(user.role, "/audit")}>
        <PageSuspense>
          <AuditView isSupport={isSupport} />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
