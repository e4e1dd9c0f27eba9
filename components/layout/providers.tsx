"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { HydrationMark } from "@/components/ui/hydration-mark";

// One QueryClient per browser tab (created in state so a re-render keeps it).
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // A 4xx will not change by asking again; network trouble and 5xx might.
            retry: (failures, error) =>
              failures < 2 && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {/* Gone once the page's shell has hydrated; each PageSuspense has its own. */}
      <HydrationMark />
      {children}
    </QueryClientProvider>
  );
}
