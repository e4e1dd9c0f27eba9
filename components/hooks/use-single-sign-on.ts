"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, ApiClientError } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { ssoConnectionRequestSchema, ssoConnectionSchema } from "@/lib/schemas/sso";

// The owner's single sign-on connection on /settings/security: null while there is none.

export function useSingleSignOn() {
  return useQuery({
    queryKey: queryKeys.singleSignOn(),
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<typeof ssoConnectionSchema>("/organization/sso", { signal })).data;
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSaveSingleSignOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof ssoConnectionRequestSchema>) =>
      (await apiFetch<typeof ssoConnectionSchema>("/organization/sso", { method: "PUT", body })).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.singleSignOn(), data),
  });
}

export function useDisconnectSingleSignOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch("/organization/sso", { method: "DELETE" });
    },
    onSuccess: () => queryClient.setQueryData(queryKeys.singleSignOn(), null),
  });
}
