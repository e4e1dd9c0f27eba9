import type { ReactNode } from "react";
import { Suspense } from "react";
import { HydrationMark } from "@/components/ui/hydration-mark";
import { LoadingState } from "@/components/ui/states";

/**
 * The boundary a page puts around a view that reads the query string (useSearchParams): the
 * loading state until it renders, and a HydrationMark that goes once the view has hydrated
 * (React hydrates each boundary after the page's shell).
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <HydrationMark />
      {children}
    </Suspense>
  );
}
