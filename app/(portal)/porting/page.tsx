// /porting – the organization's port-in orders (support: every organization's), filtered by status
import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { RoleGate } from "@/components/auth/role-gate";
import { PortOrderList } from "@/components/porting/port-order-list";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { refusalFor } from "@/lib/auth/navigation";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";
import { portingWriteRefusal } from "@/lib/auth/portal-permissions";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Porting" };

export default async function PortingPage() {
  const user = await requirePortalUser();
  const isSupport = readsEveryOrganization(user);
  const mayWrite = portingWriteRefusal(user.role) === null;
  return (
    <>
      <PageHeader
        title="Porting"
        description={
          isSupport
            ? "Every organization's port-in orders. The ones waiting for the losing carrier are on the Port desk."
            : "Numbers you are bringing here from another carrier: where each port stands, and when the numbers move."
        }
        actions={
          mayWrite ? (
            <Link className="btn btn--primary" href="/porting/new">
              New port
            </Link>
          ) : null
        }
      />
      <RoleGate refusal={refusalFor(user.role, "/porting")}>
        {/* useSearchParams (?status=) needs a boundary for the static shell. */}
        <PageSuspense>
          <PortOrderList isSupport={isSupport} mayWrite={mayWrite} />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
