"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, toQueryString } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";

// The webhooks page's calls (contract §14): endpoints, their deliveries, a test event and a
// re-send. Answers typed as the routes describe them.

export type Webhook = {
  webhook_id: string;
  organization_id: string;
  url: string;
  events: string[];
  description: string | null;
  created_at: string;
};

export type DeliveryAttempt = {
  attempted_at: string;
  duration_ms: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
};

export type Delivery = {
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "succeeded" | "failed";
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  attempts: DeliveryAttempt[];
};

export type CreateWebhookRequest = { url: string; events: string[]; description?: string };

type Answer<T> = z.ZodType<{ data: T }>;

export type Page = { limit: number; offset: number };

/** How often deliveries are fetched again while one is still on its way. */
const pendingPollMs = 2000;

const webhookPath = (webhookId: string) => `/webhooks/${encodeURIComponent(webhookId)}`;

/** `organizationId`: support's filter; null for a customer (their own organization). */
export function useWebhooks(organizationId: string | null, page: Page) {
  return useQuery({
    queryKey: queryKeys.webhooks.list(organizationId, page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<Answer<Webhook[]>>(
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
      (await apiFetch<Answer<Webhook>>(webhookPath(webhookId ?? ""), { signal })).data.data,
  });
}

/** Fetched again every 2 s while any delivery shown is pending, and not otherwise. */
export function useDeliveries(webhookId: string, page: Page) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<Answer<Delivery[]>>(
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
        await apiFetch<Answer<Webhook & { secret: string }>>("/webhooks", {
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
      await apiFetch<z.ZodNull>(webhookPath(webhookId), { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

/** POST /webhooks/{id}/test: a test event, due now; the deliveries list shows it. */
export function useSendTestEvent(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<Answer<Delivery>>(`${webhookPath(webhookId)}/test`, { method: "POST" })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveriesOf(webhookId) }),
  });
}

/** POST …/deliveries/{id}/retry: the delivery goes back in the queue, its attempts kept. */
export function useResendDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      (
        await apiFetch<Answer<Delivery>>(
          `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
          { method: "POST" },
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveriesOf(webhookId) }),
  });
}
