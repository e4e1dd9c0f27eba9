"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  orderListResponseSchema,
  orderPlacedSchema,
  orderResponseSchema,
  OrderRequest,
} from "@/lib/schemas/orders";

/** organization_id: support's filter (docs/CONTRACT.md §2); customers never send it. */
export function useOrders(page: { limit: number; offset: number; organization_id?: string | null }) {
  return useQuery({
    queryKey: queryKeys.orders.list(page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof orderListResponseSchema>(
        `/orders${toQueryString(page)}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useOrder(referenceId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.orders.detail(referenceId),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof orderResponseSchema>(`/orders/${encodeURIComponent(referenceId)}`, { signal }))
        .data.data,
  });
}

/**
 * POST /order. The caller passes one Idempotency-Key per checkout attempt, so a second click
 * or a retry after a lost answer replays the first order instead of buying twice.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ order, idempotencyKey }: { order: OrderRequest; idempotencyKey: string }) =>
      (
        await apiFetch<typeof orderPlacedSchema>("/order", {
          method: "POST",
          body: order,
          headers: { "idempotency-key": idempotencyKey },
        })
      ).data.data,
    onSuccess: async () => {
      // What was bought left the inventory and joined the orders and the numbers.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.numbers.all() }),
      ]);
    },
  });
}
