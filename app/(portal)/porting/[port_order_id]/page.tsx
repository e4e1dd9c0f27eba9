// /porting/{port_order_id} – one port order: status, FOC, numbers, actions, exception fixes, timeline
import "server-only";
import type { Metadata } from "next";
import { RoleGate } from "@/components/auth/role-gate";
import { PortOrderDetail } from "@/components/porting/port-order-detail";
import { PageHeader } from "@/components/ui/page-header";
import { refusalFor } from "@/lib/auth/navigation";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";
import { mayCommentOnPorts, portingWriteRefusal } from "@/lib/auth/portal-permissions";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Port order" };

export default async function PortOrderPage({ params }: { params: Promise<{ port_order_id: string }> }) {
  const { port_order_id: portOrderId } = await params;
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader title="Port order" description="Where this port stands, and what happens next." />
      <RoleGate refusal={refusalFor(user.role, "/porting")}>
        <PortOrderDetail
          portOrderId={portOrderId}
          mayWrite={portingWriteRefusal(user.role) === null}
          mayComment={mayCommentOnPorts(user.role)}
          isSupport={readsEveryOrganization(user)}
        />
      </RoleGate>
    </>
  );
}
