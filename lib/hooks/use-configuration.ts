"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import type {
  configurationHistoryResponseSchema,
  numberConfigurationResponseSchema,
} from "@/lib/schemas/numbers";
import type { destinationListResponseSchema } from "@/lib/schemas/reference";

// The rule editor's queries: one configuration with its ETag, saving it under If-Match,
// its history, and the destinations its country and type allow (contract §11).

/** GET /numbers/{number_id}: the configuration and the ETag a save must send. */
export function useEditableConfiguration(numberId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.numbers.editable(numberId),
    enabled,
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof numberConfigurationResponseSchema>(
        `/numbers/${encodeURIComponent(numberId)}`,
        { signal },
      );
      return { configuration: data.data, etag: headers.get("etag") ?? "" };
    },
  });
}

export function useSaveConfiguration(numberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, etag }: { body: unknown; etag: string }) => {
      const { data, headers } = await apiFetch<typeof numberConfigurationResponseSchema>(
        `/numbers/${encodeURIComponent(numberId)}`,
        {
          method: "PUT",
          body,
          headers: { "if-match": etag },
        },
      );
      return { configuration: data.data, etag: headers.get("etag") ?? "" };
    },
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.numbers.editable(numberId), saved);
      // Everything else about numbers (the viewer, searches, the active rule) reads again.
      void client.invalidateQueries({
        queryKey: queryKeys.numbers.all(),
        predicate: (query) => query.queryKey[1] !== "editable",
      });
    },
  });
}

export const HISTORY_PAGE_SIZE = 10;

export function useConfigurationHistory(numberId: string, offset: number) {
  return useQuery({
    queryKey: queryKeys.numbers.history(numberId, offset),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof configurationHistoryResponseSchema>(
        `/numbers/${encodeURIComponent(numberId)}/history?limit=${HISTORY_PAGE_SIZE}&offset=${offset}`,
        { signal },
      );
      return { changes: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
  });
}

/** GET /destinations/{country}/{number_type}; disabled for an extension (no country). */
export function useDestinations(country: string | null, numberType: string | null) {
  return useQuery({
    queryKey: queryKeys.numbers.destinations(country ?? "", numberType ?? ""),
    enabled: country !== null && numberType !== null,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof destinationListResponseSchema>(`/destinations/${country}/${numberType}`, {
          signal,
        })
      ).data.data,
  });
}
