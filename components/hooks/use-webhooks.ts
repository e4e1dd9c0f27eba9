"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  createdWebhookResponseSchema,
  CreateWebhookRequest,
  deliveryListResponseSchema,
  deliveryResponseSchema,
  noContentSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
} from "@/lib/schemas/webhooks";

export type { Delivery, Webhook } from "@/lib/schemas/webhooks";

// The webhooks page's calls (docs/CONTRACT.md §14): endpoints, their deliveries, a test event and a
// re-send. Answers typed by the routes' own response schemas.

export type Page = { limit: number; offset: number };

/** How often deliveries are fetched again while one is still on its way. */
const pendingPollMs = 2000;

const webhookPath = (webhookId: string) => `/webhooks/${encodeURIComponent(webhookId)}`;

/** `organizationId`: support's filter; null for a customer (their own organization). */
export function useWebhooks(organizationId: string | null, page: Page) {
  return useQuery({
    queryKey: queryKeys.webhooks.list(organizationId, page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof webhookListResponseSchema>(
        `/webhooks${toQueryString({ organization_id: organizationId, ...page })}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(webhookId: string | null) {
  return useQuery({
    queryKey: queryKeys.webhooks.detail(webhookId ?? ""),
    enabled: webhookId !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof webhookResponseSchema>(webhookPath(webhookId ?? ""), { signal })).data.data,
  });
}

/** Fetched again every 2 s while any delivery shown is pending, and not otherwise. */
export function useDeliveries(webhookId: string, page: Page) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof deliveryListResponseSchema>(
        `${webhookPath(webhookId)}/deliveries${toQueryString(page)}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === "pending") ? pendingPollMs : false,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateWebhookRequest) =>
      (
        await apiFetch<typeof createdWebhookResponseSchema>("/webhooks", {
          method: "POST",
          body: request,
        })
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => {
      await apiFetch<typeof noContentSchema>(webhookPath(webhookId), { method: "DELETE" });
    },
    onSuccess: async (_, webhookId) => {
      // The open endpoint is not fetched again now (it would answer 404 while the page is
      // still closing it), only marked stale for the next time its link is opened.
      for (const queryKey of [
        queryKeys.webhooks.detail(webhookId),
        queryKeys.webhooks.deliveriesOf(webhookId),
      ])
        void queryClient.invalidateQueries({ queryKey, refetchType: "none" });
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.lists() });
    },
  });
}

/** POST /webhooks/{id}/test: a test event, due now; the deliveries list shows it. */
export function useSendTestEvent(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<typeof deliveryResponseSchema>(`${webhookPath(webhookId)}/test`, { method: "POST" }))
        .data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveriesOf(webhookId) }),
  });
}

/** POST …/deliveries/{id}/retry: the delivery goes back in the queue, its attempts kept. */
export function useResendDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      (
        await apiFetch<typeof deliveryResponseSchema>(
          `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
          { method: "POST" },
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveriesOf(webhookId) }),
  });
}
