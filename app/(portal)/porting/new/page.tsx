// /porting/new – a new port: check numbers, details and end user, LOA signature, review, submit
import "server-only";
import type { Metadata } from "next";
import { RoleGate } from "@/components/auth/role-gate";
import { NewPort } from "@/components/porting/new-port/new-port";
import { PageHeader } from "@/components/ui/page-header";
import { PageSuspense } from "@/components/ui/page-suspense";
import { refusalFor } from "@/lib/auth/navigation";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "New port" };

export default async function NewPortPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="New port"
        description="Bring numbers you hold at another carrier. The draft is saved as you go: you can leave and come back from Porting."
      />
      <RoleGate refusal={refusalFor(user.role, "/porting/new")}>
        {/* useSearchParams (?port_order_id=) needs a boundary for the static shell. */}
        <PageSuspense>
          <NewPort />
        </PageSuspense>
      </RoleGate>
    </>
  );
}
