"use client";
// The interactive API reference (Scalar), loaded on /docs only and in the browser only: its
// script is a chunk of its own, so no other page's first-load JS carries it.
import dynamic from "next/dynamic";

const ScalarReference = dynamic(() => import("@/components/docs/scalar-reference"), {
  ssr: false,
  loading: () => (
    <p role="status" className="muted">
      Loading the API reference…
    </p>
  ),
});

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  return <ScalarReference documentUrl={documentUrl} />;
}
