"use client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { reachesBack, versionAt, type VersionAt } from "@/lib/numbers/version-at";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  configurationHistoryResponseSchema,
  NumberConfiguration,
  numberConfigurationResponseSchema,
} from "@/lib/schemas/numbers/responses";
import type { destinationListResponseSchema } from "@/lib/schemas/reference";

// The rule editor's queries: one configuration with its ETag, saving it under If-Match,
// its history, and the destinations its country and type allow (docs/CONTRACT.md §11).

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

const VERSION_PAGE_SIZE = 50;

/**
 * The version of the rules in force at `at` (GET /numbers/{id}/history read back page by page,
 * newest first, until a change at or before `at` or the oldest one): undefined while it loads.
 */
export function useVersionAt(current: NumberConfiguration | null, at: Date) {
  const numberId = current?.number_id ?? "";
  const pages = useInfiniteQuery({
    queryKey: queryKeys.numbers.historyPages(numberId),
    enabled: current !== null,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await apiFetch<typeof configurationHistoryResponseSchema>(
        `/numbers/${encodeURIComponent(numberId)}/history?limit=${VERSION_PAGE_SIZE}&offset=${pageParam}`,
        { signal },
      );
      return { changes: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    getNextPageParam: (last, all) => {
      const read = all.reduce((sum, page) => sum + page.changes.length, 0);
      return last.changes.length === 0 || read >= last.total ? undefined : read;
    },
  });
  const changes = pages.data?.pages.flatMap((page) => page.changes) ?? [];
  const enough = pages.isSuccess && (reachesBack(changes, at) || !pages.hasNextPage);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = pages;
  useEffect(() => {
    if (isSuccess && !enough && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [isSuccess, enough, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const found: VersionAt | undefined =
    current !== null && enough ? versionAt(current, changes, at) : undefined;
  return { found, isError: pages.isError, error: pages.error, refetch: pages.refetch };
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
