"use client";
// The interactive API reference (Scalar), loaded on /docs only and in the browser only: its
// script is a chunk of its own, so no other page's first-load JS carries it.
import dynamic from "next/dynamic";

// Asked for when this module runs, not when React first renders the placeholder: the chunk
// (the largest on the site) starts downloading while the rest of the page hydrates.
const scalarChunk = typeof window === "undefined" ? null : import("@/components/docs/scalar-reference");

const ScalarReference = dynamic(() => scalarChunk ?? import("@/components/docs/scalar-reference"), {
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
