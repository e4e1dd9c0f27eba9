"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  CarrierActionRequest,
  CreatePortOrderRequest,
  PortOrderStatus,
  UpdatePortOrderRequest,
} from "@/components/hooks/porting-types";
import type {
  noContentSchema,
  portabilityCheckResponseSchema,
  portOrderCommentResponseSchema,
  portOrderListResponseSchema,
  portOrderResponseSchema,
  portOrderTimelineResponseSchema,
  PortOrderView,
} from "@/lib/schemas/porting";
import type { loaSignatureRequestResponseSchema } from "@/lib/schemas/loa";

// The porting pages' calls (docs/CONTRACT.md §20): portability checks, port orders (a draft
// created, then changed under If-Match), their actions, timeline and comments, the LOA's
// signature request, and support's carrier actions at the port desk.

export const PORT_PAGE = 20;

type PortFilters = { status: PortOrderStatus | null; offset: number; organization_id?: string | null };

/** GET /port_orders, newest first, of one status or all. */
export function usePortOrders(filters: PortFilters, poll = false) {
  const { status } = filters;
  return useQuery({
    queryKey: queryKeys.porting.list({
      status,
      offset: filters.offset,
      organization_id: filters.organization_id,
    }),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof portOrderListResponseSchema>(
        `/port_orders${toQueryString({ status, limit: PORT_PAGE, offset: filters.offset, organization_id: filters.organization_id })}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 5_000 : false,
  });
}

/**
 * GET /port_orders/{id} with the ETag a change must send. `poll`: while something outside the
 * page moves it (the LOA being signed, the carrier answering), it is read again every few seconds.
 */
export function usePortOrder(portOrderId: string | null, poll: boolean | "while-moving" = false) {
  return useQuery({
    queryKey: queryKeys.porting.detail(portOrderId ?? ""),
    enabled: portOrderId !== null,
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof portOrderResponseSchema>(
        `/port_orders/${encodeURIComponent(portOrderId ?? "")}`,
        { signal },
      );
      return { order: data.data, etag: headers.get("etag") ?? `"${data.data.version}"` };
    },
    refetchInterval: (query) =>
      (poll === "while-moving" ? waitsOnOthers(query.state.data?.order) : poll) ? 3_000 : false,
  });
}

/**
 * Whether someone else moves the order next: the carrier (or the desk) in these statuses, or the
 * authorized person signing the LOA again for an order in exception. A page showing it follows it.
 */
export function waitsOnOthers(order: Pick<PortOrderView, "status" | "loa_signed"> | undefined): boolean {
  if (order === undefined) return false;
  if (order.status === "exception") return !order.loa_signed;
  return ["submitted", "foc_confirmed", "activating", "cancel_pending"].includes(order.status);
}

export function usePortOrderEvents(portOrderId: string, poll = false) {
  return useQuery({
    queryKey: queryKeys.porting.events(portOrderId),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof portOrderTimelineResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/events${toQueryString({ limit: 100 })}`,
          { signal },
        )
      ).data.data,
    refetchInterval: poll ? 5_000 : false,
  });
}

/** POST /portability_checks: per number, portable or why not. */
export function useCheckPortability() {
  return useMutation({
    mutationFn: async (numbers: string[]) =>
      (
        await apiFetch<typeof portabilityCheckResponseSchema>("/portability_checks", {
          method: "POST",
          body: { numbers },
        })
      ).data.data,
  });
}

/** Every porting read again after a change: the list, the order, its timeline. */
function usePortingChange<R, A>(send: (request: R) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.porting.all() }),
  });
}

/** POST /port_orders: a draft; numbers of different carriers or countries come back as one order each. */
export function useCreatePortOrder() {
  return usePortingChange(
    async (request: CreatePortOrderRequest) =>
      (await apiFetch<typeof portOrderListResponseSchema>("/port_orders", { method: "POST", body: request }))
        .data.data,
  );
}

/** PATCH /port_orders/{id} under If-Match (the order's version). */
export function useUpdatePortOrder() {
  return usePortingChange(
    async ({
      portOrderId,
      etag,
      changes,
    }: {
      portOrderId: string;
      etag: string;
      changes: UpdatePortOrderRequest;
    }) =>
      (
        await apiFetch<typeof portOrderResponseSchema>(`/port_orders/${encodeURIComponent(portOrderId)}`, {
          method: "PATCH",
          body: changes,
          headers: { "if-match": etag },
        })
      ).data.data,
  );
}

/**
 * DELETE /port_orders/{id} (a draft). The deleted order's own queries are not read again: under
 * the page still showing it they would answer 404, put the error in its place and unmount the
 * caller before it moves on to the list. The lists are.
 */
export function useDeletePortOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ portOrderId, etag }: { portOrderId: string; etag: string }) => {
      await apiFetch<typeof noContentSchema>(`/port_orders/${encodeURIComponent(portOrderId)}`, {
        method: "DELETE",
        headers: { "if-match": etag },
      });
    },
    onSuccess: (_answer, { portOrderId }) =>
      client.invalidateQueries({
        queryKey: queryKeys.porting.all(),
        predicate: (query) => !query.queryKey.includes(portOrderId),
      }),
  });
}

/** POST /port_orders/{id}/actions/{submit|resubmit|cancel}, one Idempotency-Key per press. */
export function usePortOrderAction() {
  return usePortingChange(
    async ({
      portOrderId,
      action,
      key,
    }: {
      portOrderId: string;
      action: "submit" | "resubmit" | "cancel";
      key: string;
    }) =>
      (
        await apiFetch<typeof portOrderResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/actions/${action}`,
          {
            method: "POST",
            headers: { "idempotency-key": key },
          },
        )
      ).data.data,
  );
}

export function useRequestFocChange() {
  return usePortingChange(
    async ({ portOrderId, date }: { portOrderId: string; date: string }) =>
      (
        await apiFetch<typeof portOrderResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/foc_change_requests`,
          {
            method: "POST",
            body: { requested_foc_date: date },
          },
        )
      ).data.data,
  );
}

export function useAddPortComment() {
  return usePortingChange(
    async ({ portOrderId, body }: { portOrderId: string; body: string }) =>
      (
        await apiFetch<typeof portOrderCommentResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/comments`,
          {
            method: "POST",
            body: { body },
          },
        )
      ).data.data,
  );
}

/** POST /port_orders/{id}/loa/signature_requests: emails the authorized person a signing link. */
export function useRequestLoaSignature() {
  return usePortingChange(
    async ({ portOrderId, name, email }: { portOrderId: string; name: string; email: string }) =>
      (
        await apiFetch<typeof loaSignatureRequestResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/loa/signature_requests`,
          {
            method: "POST",
            body: { name, email },
          },
        )
      ).data.data,
  );
}

/** Support's port desk: POST /port_orders/{id}/carrier_actions. */
export function useCarrierAction() {
  return usePortingChange(
    async ({ portOrderId, request }: { portOrderId: string; request: CarrierActionRequest }) =>
      (
        await apiFetch<typeof portOrderResponseSchema>(
          `/port_orders/${encodeURIComponent(portOrderId)}/carrier_actions`,
          {
            method: "POST",
            body: request,
          },
        )
      ).data.data,
  );
}
