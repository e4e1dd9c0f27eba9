"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  createdTokenResponseSchema,
  tokenListResponseSchema,
  tokenResponseSchema,
  CreateTokenRequest,
} from "@/lib/schemas/tokens";

/** `enabled` false: not asked (a page that offers them only to some people). */
export function useTokens(enabled = true) {
  return useQuery({
    queryKey: queryKeys.tokens(),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof tokenListResponseSchema>("/tokens", { signal })).data.data,
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateTokenRequest) =>
      (await apiFetch<typeof createdTokenResponseSchema>("/tokens", { method: "POST", body: request })).data
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens() }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) =>
      (
        await apiFetch<typeof tokenResponseSchema>(`/tokens/${encodeURIComponent(tokenId)}`, {
          method: "DELETE",
        })
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens() }),
  });
}
