"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import type { inventoryListSchema } from "@/lib/schemas/inventory";

/** One inventory search as the portal states it: the path parts and the §5 query parameters. */
export type InventorySearch = {
  country: string;
  number_type: string | null;
  region: string | null;
  contains: string | null;
  starts_with: string | null;
  ends_with: string | null;
  sms_enabled: boolean | null;
  voice_enabled: boolean | null;
  exclude_all_documents_required: boolean;
  exclude_documents: string[];
  limit: number;
  offset: number;
};

export function inventoryPath(search: InventorySearch): string {
  const { country, number_type: numberType, ...query } = search;
  const path = numberType ? `/inventory/${country}/${numberType}` : `/inventory/${country}`;
  return path + toQueryString({ ...query, exclude_all_documents_required: query.exclude_all_documents_required || undefined });
}

export function useInventorySearch(search: InventorySearch | null) {
  return useQuery({
    queryKey: queryKeys.inventory.search(search ?? emptySearch),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof inventoryListSchema>(inventoryPath(search ?? emptySearch), { signal });
      // The total comes from X-Total-Count (contract §5); the body is the spec's bare array.
      return { items: data, total: Number(headers.get("x-total-count") ?? data.length) };
    },
    enabled: search !== null,
    // Keep showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Stock moves as others buy: a search older than half a minute is worth repeating.
    staleTime: 30_000,
  });
}

const emptySearch: InventorySearch = {
  country: "",
  number_type: null,
  region: null,
  contains: null,
  starts_with: null,
  ends_with: null,
  sms_enabled: null,
  voice_enabled: null,
  exclude_all_documents_required: false,
  exclude_documents: [],
  limit: 0,
  offset: 0,
};
