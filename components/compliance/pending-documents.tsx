"use client";
import Link from "next/link";
import { documentsStep } from "@/components/compliance/compliance-words";
import { StepBadge } from "@/components/compliance/waiting-numbers";
import { formatDate } from "@/components/ui/format";
import { useBundles } from "@/components/hooks/use-compliance";

// What a number waiting for documents says on its own page: no call is routed, until when, and
// where its bundle stands ("Hand them in" until there is one, then "In review" or "Rejected: …"
// as support decides), read from the organization's bundles of the number's country and type.

export function PendingDocuments({
  organizationId,
  country,
  numberType,
  documentsDue,
}: {
  organizationId: string;
  country: string;
  numberType: string;
  documentsDue: string | null;
}) {
  const bundles = useBundles(null);
  // Support reads every organization's bundles: only the number's own count.
  const own = (bundles.data?.items ?? []).filter((bundle) => bundle.organization_id === organizationId);
  const step = documentsStep(own, country, numberType);
  return (
    <div className="notice notice--warning stack" data-testid="number-pending">
      <p>
        No call to this number is routed until an approved compliance bundle covers the documents it needs
        {documentsDue ? `; if none does by ${formatDate(documentsDue)}, the number is released` : ""}.
      </p>
      {bundles.isSuccess ? (
        <p>
          Documents: <StepBadge step={step} />
        </p>
      ) : null}
      {step.state === "hand_in" ? (
        <p>
          Hand them in on <Link href="/compliance">Compliance</Link>: add who the number is for, upload the
          documents, bundle them and submit the bundle for review.
        </p>
      ) : (
        <p className="small">
          See <Link href="/compliance">Compliance</Link> for the bundle and its checklist.
        </p>
      )}
    </div>
  );
}
