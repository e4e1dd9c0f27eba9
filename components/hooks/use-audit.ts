"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { auditListResponseSchema } from "@/lib/schemas/audit";
import type { AuditFilters } from "@/components/hooks/audit-filters";

/** One page of the audit log; support staff must name an organization first (`enabled`). */
export function useAuditEvents(filters: AuditFilters, enabled = true) {
  return useQuery({
    queryKey: queryKeys.audit(filters),
    enabled,
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof auditListResponseSchema>(
        `/audit-events${toQueryString(filters)}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}
