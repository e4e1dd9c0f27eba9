"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { countryListSchema, documentTypeListSchema, regionListSchema } from "@/lib/schemas/reference";

// Reference data rarely changes (countries, regions, number types: docs/API.md#resources): an hour without refetching is plenty.
const REFERENCE_STALE_MS = 60 * 60_000;

export function useCountries() {
  return useQuery({
    queryKey: queryKeys.countries(),
    queryFn: async ({ signal }) => (await apiFetch<typeof countryListSchema>("/countries", { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: queryKeys.documentTypes(),
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof documentTypeListSchema>("/document_types", { signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useRegions(country: string | null) {
  return useQuery({
    queryKey: queryKeys.regions(country ?? ""),
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof regionListSchema>(`/regions/${encodeURIComponent(country ?? "")}`, { signal }))
        .data,
    enabled: Boolean(country),
    staleTime: REFERENCE_STALE_MS,
  });
}
