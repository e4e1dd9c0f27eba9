"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import { createdTokenResponseSchema, tokenListResponseSchema, tokenResponseSchema, type CreateTokenRequest } from "@/lib/schemas/tokens";

export function useTokens() {
  return useQuery({
    queryKey: queryKeys.tokens(),
    queryFn: async ({ signal }) => (await apiFetch("/tokens", tokenListResponseSchema, { signal })).data.data,
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateTokenRequest) => (await apiFetch("/tokens", createdTokenResponseSchema, { method: "POST", body: request })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens() }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => (await apiFetch(`/tokens/${encodeURIComponent(tokenId)}`, tokenResponseSchema, { method: "DELETE" })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens() }),
  });
}
