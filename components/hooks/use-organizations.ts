"use client";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiClientError, apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";

// GET /organizations (support only): names for the ids support staff see. A customer is
// answered 404 (the hook is only enabled for support); should the call fail that way anyway,
// the portal shows the ids rather than an error.
type OrganizationList = z.ZodType<{ data: { organization_id: string; name: string }[] }>;

/** Organization names by id; empty while loading or when the endpoint is not there. */
export function useOrganizationNames(enabled: boolean): Map<string, string> {
  const query = useQuery({
    queryKey: queryKeys.organizations(),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const { data } = await apiFetch<OrganizationList>("/organizations", { signal });
        return data.data.map(({ organization_id, name }) => [organization_id, name] as const);
      } catch (error) {
        if (
          error instanceof ApiClientError &&
          (error.status === 404 || error.status === 401 || error.status === 403)
        )
          return [];
        throw error;
      }
    },
  });
  return new Map(query.data ?? []);
}

/** "Acme Telecom Ltd", or the id when the name is not known. */
export function organizationLabel(names: Map<string, string>, id: string): string {
  return names.get(id) ?? id;
}
