// /porting/desk – support: every organization's port orders waiting for the losing carrier, and its answers by hand
import "server-only";
import type { Metadata } from "next";
import { RoleGate } from "@/components/auth/role-gate";
import { PortDesk } from "@/components/porting/port-desk";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { refusalFor } from "@/lib/auth/navigation";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Port desk" };

export default async function PortDeskPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Port desk"
        description="Port orders waiting for the losing carrier, across organizations. Answer for the carrier by hand: confirm the FOC, raise an exception naming what to fix, complete the port, or confirm a cancellation."
      />
      <RoleGate refusal={refusalFor(user.role, "/porting/desk")}>
        {/* useSearchParams (?status=) needs a boundary for the static shell. */}
        <PageSuspense>
          <PortDesk />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
