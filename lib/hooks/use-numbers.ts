"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import type { activeRuleResponseSchema, numberConfigurationListResponseSchema } from "@/lib/schemas/numbers";

/** What the rule viewer's one search box asked for; `organization_id` is for support users. */
export type NumberSearch = {
  by: "all" | "number" | "extension" | "name";
  value: string;
  organization_id: string | null;
};

/** Reads the search box: "+44 20…" a number, 2–8 digits an extension, other text a name. */
export function interpretNumberSearch(text: string, organizationId: string | null): NumberSearch {
  const trimmed = text.trim();
  const digits = trimmed.replace(/[\s().-]/g, "");
  if (trimmed === "") return { by: "all", value: "", organization_id: organizationId };
  if (/^\+\d{8,15}$/.test(digits)) return { by: "number", value: digits, organization_id: organizationId };
  if (/^\d{2,8}$/.test(digits)) return { by: "extension", value: digits, organization_id: organizationId };
  // A long run of digits without "+" is a number written in international digits.
  if (/^\d{9,15}$/.test(digits)) return { by: "number", value: `+${digits}`, organization_id: organizationId };
  return { by: "name", value: trimmed, organization_id: organizationId };
}

function searchPath(search: NumberSearch): string {
  const organization = search.organization_id ?? undefined;
  switch (search.by) {
    case "extension":
      return `/extension/${search.value}${toQueryString({ organization_id: organization })}`;
    case "number":
      return `/numbers${toQueryString({ number: search.value, organization_id: organization })}`;
    case "name":
      return `/numbers${toQueryString({ name: search.value, organization_id: organization })}`;
    default:
      return `/numbers${toQueryString({ organization_id: organization })}`;
  }
}

export function useNumberSearch(search: NumberSearch) {
  return useQuery({
    queryKey: queryKeys.numbers.search(search),
    queryFn: async ({ signal }) => (await apiFetch<typeof numberConfigurationListResponseSchema>(searchPath(search), { signal })).data.data,
  });
}

/** One configuration by number_id; null when there is none the viewer may read. */
export function useNumberConfiguration(numberId: string) {
  return useQuery({
    queryKey: queryKeys.numbers.detail(numberId),
    queryFn: async ({ signal }) => {
      const { data } = await apiFetch<typeof numberConfigurationListResponseSchema>(`/numbers${toQueryString({ number_id: numberId })}`, { signal });
      return data.data[0] ?? null;
    },
  });
}

/** The rule handling calls at `at` (ISO), or now when `at` is null, refreshed each minute. */
export function useActiveRule(numberId: string, at: string | null) {
  return useQuery({
    queryKey: queryKeys.numbers.activeRule(numberId, at),
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof activeRuleResponseSchema>(`/numbers/${encodeURIComponent(numberId)}/active_rule${toQueryString({ at })}`, { signal })).data.data,
    refetchInterval: at === null ? 60_000 : false,
  });
}
