// /compliance/review – support's queue of bundles waiting for review, oldest first (docs/CONTRACT.md §17)
import "server-only";
import type { Metadata } from "next";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";
import { ReviewQueue } from "@/components/compliance/review-queue";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Compliance review" };

export default async function ComplianceReviewPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Compliance review"
        description="Every organization's bundles waiting for review, the oldest first. Look at each document, then approve, or reject with what to fix."
      />
      <RoleGate refusal={refusalFor(user.role, "/compliance/review")}>
        <ReviewQueue />
      </RoleGate>
    </>
  );
}
