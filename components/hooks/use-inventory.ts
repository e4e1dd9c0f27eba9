"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import {
  blankInventorySearch,
  inventoryPage,
  inventoryPath,
  type InventoryPage,
  type InventorySearch,
} from "@/components/hooks/inventory-search";
import { queryKeys } from "@/components/hooks/query-keys";
import type { inventoryListSchema } from "@/lib/schemas/inventory";

export type { InventorySearch } from "@/components/hooks/inventory-search";

export function useInventorySearch(search: InventorySearch | null) {
  return useQuery({
    queryKey: queryKeys.inventory.search(search ?? emptySearch),
    queryFn: async ({ signal }): Promise<InventoryPage> => {
      // The phone formatter loads with the first search the browser makes, alongside it (the
      // page's first results come written from the server).
      const formatter = import("@/lib/reference/phone-format");
      const { data, headers } = await apiFetch<typeof inventoryListSchema>(
        inventoryPath(search ?? emptySearch),
        { signal },
      );
      // The total comes from X-Total-Count (docs/CONTRACT.md §5); the body is the spec's bare array.
      return inventoryPage(
        data,
        Number(headers.get("x-total-count") ?? data.length),
        (await formatter).nationalFormat,
      );
    },
    enabled: search !== null,
    // Offline, TanStack Query would pause the search and keep showing the last one's numbers as
    // if they answered it: the search is tried, fails, and says the connection is lost.
    networkMode: "always",
    // Keep showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Stock moves as others buy: a search older than half a minute is worth repeating.
    staleTime: 30_000,
  });
}

const emptySearch = blankInventorySearch("", 0);
