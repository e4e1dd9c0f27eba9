// /numbers – find a number or extension and see how it answers calls
import type { Metadata } from "next";
import { Suspense } from "react";
import { NumberSearch } from "@/components/rules/number-search";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";
import { requirePortalUser } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Numbers" };

export default async function NumbersPage() {
  const user = await requirePortalUser();
  const isSupport = user.role === "support";
  return (
    <>
      <PageHeader
        title="Numbers and extensions"
        description={
          isSupport
            ? "Every organization's numbers: how each answers calls."
            : "Your numbers and extensions, and which rule answers their calls."
        }
      />
      <Suspense fallback={<LoadingState />}>
        <NumberSearch isSupport={isSupport} />
      </Suspense>
    </>
  );
}
