"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import { searchParameters, type NumberSearch } from "@/components/hooks/number-search";
import { NUMBER_PAGE } from "@/lib/schemas/limits";
import type {
  activeRuleResponseSchema,
  numberConfigurationListResponseSchema,
} from "@/lib/schemas/numbers/responses";

function searchPath(search: NumberSearch): string {
  return `/numbers${toQueryString(searchParameters(search))}`;
}

/** The link that downloads every number a search matches as CSV (GET /numbers?format=csv). */
export function numbersCsvHref(search: NumberSearch): string {
  return `/api/v2/numbers${toQueryString(searchParameters(search, "csv"))}`;
}

/** Every state: a number's own page shows it released as well as active (docs/CONTRACT.md §16). */
const EVERY_STATUS = "active,pending_documents,aging,porting";

/** One page of configurations and how many match in all (X-Total-Count). */
export function useNumberSearch(search: NumberSearch) {
  return useQuery({
    queryKey: queryKeys.numbers.search(search),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof numberConfigurationListResponseSchema>(
        searchPath(search),
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The numbers an order bought (GET /numbers?order=<reference_id>), all on one page: an order
 * buys far fewer than a page holds. `enabled` false: not asked (no numbers delivered yet).
 */
export function useOrderNumbers(referenceId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.numbers.ofOrder(referenceId),
    enabled,
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof numberConfigurationListResponseSchema>(
        `/numbers${toQueryString({ order: referenceId, limit: NUMBER_PAGE.maxLimit })}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
  });
}

/** One configuration by number_id; null when there is none the viewer may read. */
export function useNumberConfiguration(numberId: string) {
  return useQuery({
    queryKey: queryKeys.numbers.detail(numberId),
    queryFn: async ({ signal }) => {
      const { data } = await apiFetch<typeof numberConfigurationListResponseSchema>(
        `/numbers${toQueryString({ number_id: numberId, status: EVERY_STATUS })}`,
        { signal },
      );
      return data.data[0] ?? null;
    },
  });
}

/** The rule handling calls at `at` (ISO), or now when `at` is null, refreshed each minute. */
export function useActiveRule(numberId: string, at: string | null) {
  return useQuery({
    queryKey: queryKeys.numbers.activeRule(numberId, at),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof activeRuleResponseSchema>(
          `/numbers/${encodeURIComponent(numberId)}/active_rule${toQueryString({ at })}`,
          { signal },
        )
      ).data.data,
    refetchInterval: at === null ? 60_000 : false,
  });
}
