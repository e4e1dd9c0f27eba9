"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import type { NumberSearch } from "@/lib/hooks/number-search";
import type { activeRuleResponseSchema, numberConfigurationListResponseSchema } from "@/lib/schemas/numbers";

function searchPath(search: NumberSearch): string {
  return `/numbers${toQueryString({
    contains: search.by === "digits" ? search.value : undefined,
    name: search.by === "name" ? search.value : undefined,
    organization_id: search.organization_id ?? undefined,
    limit: search.limit,
    offset: search.offset || undefined,
  })}`;
}

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

/** One configuration by number_id; null when there is none the viewer may read. */
export function useNumberConfiguration(numberId: string) {
  return useQuery({
    queryKey: queryKeys.numbers.detail(numberId),
    queryFn: async ({ signal }) => {
      const { data } = await apiFetch<typeof numberConfigurationListResponseSchema>(
        `/numbers${toQueryString({ number_id: numberId })}`,
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
