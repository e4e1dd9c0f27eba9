// /webhooks – endpoints that receive the organization's events, and what was sent to them
import "server-only";
import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requirePortalUser();
  const isSupport = readsEveryOrganization(user);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          isSupport
            ? "Every organization's webhook endpoints and what was sent to them."
            : "Tell your own systems when something happens — an order completes, a back-order fills, a number changes — instead of asking again and again."
        }
      />
      {/* useSearchParams (?webhook=, ?organization_id=) needs a boundary for the static shell. */}
      <RoleGate refusal={refusalFor(user.role, "/webhooks")}>
        <PageSuspense>
          <WebhooksView isSupport={isSupport} ownOrganizationId={user.organizationId} />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
