"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { numberConfigurationResponseSchema } from "@/lib/schemas/numbers/responses";

// A number's lifecycle from its page (docs/CONTRACT.md §16): release (DELETE under If-Match, `force`
// past the rules that dial it), restore, lock and unlock, and the port-out PIN (PUT under If-Match,
// docs/CONTRACT.md §20). Each reads the number's ETag just before, so what it changes is what the
// person sees.

const path = (numberId: string) => `/numbers/${encodeURIComponent(numberId)}`;

async function readCurrent(numberId: string) {
  const { data, headers } = await apiFetch<typeof numberConfigurationResponseSchema>(path(numberId));
  return { configuration: data.data, etag: headers.get("etag") ?? "" };
}

/** Every view of numbers reads again: the list, the page, the active rule (none once released). */
function useRefreshNumbers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.numbers.all() });
}

export function useReleaseNumber(numberId: string) {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: async ({ force }: { force: boolean }) => {
      const { etag } = await readCurrent(numberId);
      return (
        await apiFetch<typeof numberConfigurationResponseSchema>(
          `${path(numberId)}${force ? "?force=true" : ""}`,
          { method: "DELETE", headers: { "if-match": etag } },
        )
      ).data.data;
    },
    onSuccess: refresh,
  });
}

export function useRestoreNumber(numberId: string) {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: async () =>
      (
        await apiFetch<typeof numberConfigurationResponseSchema>(`${path(numberId)}/restore`, {
          method: "POST",
        })
      ).data.data,
    onSuccess: refresh,
  });
}

export function useLockNumber(numberId: string) {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: async ({ locked }: { locked: boolean }) => {
      const { configuration, etag } = await readCurrent(numberId);
      return (
        await apiFetch<typeof numberConfigurationResponseSchema>(path(numberId), {
          method: "PUT",
          headers: { "if-match": etag },
          body: { name: configuration.name, rules: configuration.rules, locked },
        })
      ).data.data;
    },
    onSuccess: refresh,
  });
}

/**
 * Sets (4–10 digits) or clears (null) the number's port-out PIN: a PUT of the number as read,
 * with port_out_pin (write-only; the answer says port_out_pin_set).
 */
export function useSetPortOutPin(numberId: string) {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: async ({ pin }: { pin: string | null }) => {
      const { configuration, etag } = await readCurrent(numberId);
      return (
        await apiFetch<typeof numberConfigurationResponseSchema>(path(numberId), {
          method: "PUT",
          headers: { "if-match": etag },
          body: { name: configuration.name, rules: configuration.rules, port_out_pin: pin },
        })
      ).data.data;
    },
    onSuccess: refresh,
  });
}
