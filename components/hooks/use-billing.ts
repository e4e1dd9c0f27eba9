"use client";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { LedgerFilters } from "@/components/hooks/billing-filters";
import type {
  billingAccountListResponseSchema,
  billingAccountSchema,
  ledgerListResponseSchema,
} from "@/lib/schemas/billing-ledger";
import type { invoiceListResponseSchema, invoiceResponseSchema } from "@/lib/schemas/invoices";
import type { BillingProfileRequest, billingProfileResponseSchema } from "@/lib/schemas/billing-profile";
import type {
  billingAlertListResponseSchema,
  billingAlertResponseSchema,
  CreateBillingAlertRequest,
} from "@/lib/schemas/billing-alerts";
import type { CreditRequest, PaymentRequest, paymentResponseSchema } from "@/lib/schemas/billing-payments";
import type { noContentSchema } from "@/lib/schemas/webhooks";

// The billing pages' calls (accounts, ledger, invoices, the upcoming invoice, the profile,
// alerts, and support's payments, credits, limits and voids), typed by the routes' own schemas.
// `organizationId`: support's filter; null for a customer (their own organization), and for
// support's every-organization list of accounts.

/** GET /billing/accounts: one per currency; support without an organization gets everyone's. */
export function useBillingAccounts(organizationId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.accounts(organizationId),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof billingAccountListResponseSchema>(
          `/billing/accounts${toQueryString({ organization_id: organizationId })}`,
          { signal },
        )
      ).data.data,
  });
}

/** GET /billing/upcoming for each currency the organization has an account in. */
export function useUpcomingInvoices(currencies: readonly string[], organizationId: string | null) {
  return useQueries({
    queries: currencies.map((currency) => ({
      queryKey: queryKeys.billing.upcoming(organizationId, currency),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (
          await apiFetch<typeof invoiceResponseSchema>(
            `/billing/upcoming${toQueryString({ currency, organization_id: organizationId })}`,
            { signal },
          )
        ).data.data,
    })),
  });
}

export function useInvoices(page: { limit: number; offset: number }, organizationId: string | null) {
  return useQuery({
    queryKey: queryKeys.billing.invoices(organizationId, page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof invoiceListResponseSchema>(
        `/invoices${toQueryString({ ...page, organization_id: organizationId })}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useLedger(filters: LedgerFilters) {
  return useQuery({
    queryKey: queryKeys.billing.ledger(filters),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetch<typeof ledgerListResponseSchema>(
        `/billing/ledger${toQueryString(filters)}`,
        { signal },
      );
      return { items: data.data, total: Number(headers.get("x-total-count") ?? data.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /billing/profile; null before anyone has written one (404). */
export function useBillingProfile(enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.profile(),
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<typeof billingProfileResponseSchema>("/billing/profile", { signal })).data
          .data;
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: BillingProfileRequest) =>
      (
        await apiFetch<typeof billingProfileResponseSchema>("/billing/profile", {
          method: "PUT",
          body: profile,
        })
      ).data.data,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.billing.profile(), saved);
      // The tax treatment of the upcoming invoice follows the buyer's country and VAT ID.
      return queryClient.invalidateQueries({ queryKey: queryKeys.billing.upcomingAll() });
    },
  });
}

export function useBillingAlerts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.alerts(),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof billingAlertListResponseSchema>("/billing/alerts", { signal })).data.data,
  });
}

export function useAddBillingAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alert: CreateBillingAlertRequest) =>
      (await apiFetch<typeof billingAlertResponseSchema>("/billing/alerts", { method: "POST", body: alert }))
        .data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.alerts() }),
  });
}

export function useDeleteBillingAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alertId: string) => {
      await apiFetch<typeof noContentSchema>(`/billing/alerts/${encodeURIComponent(alertId)}`, {
        method: "DELETE",
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.alerts() }),
  });
}

// Support's changes: each moves a balance, so every billing read is asked again.
function useSupportChange<R, A>(send: (request: R) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all() }),
  });
}

/** POST /billing/payments, with one Idempotency-Key per payment typed: a retry records it once. */
export function useRecordPayment() {
  return useSupportChange(
    async ({ payment, key }: { payment: PaymentRequest; key: string }) =>
      (
        await apiFetch<typeof paymentResponseSchema>("/billing/payments", {
          method: "POST",
          body: payment,
          headers: { "idempotency-key": key },
        })
      ).data,
  );
}

export function useRecordCredit() {
  return useSupportChange(
    async (credit: CreditRequest) =>
      (await apiFetch<typeof paymentResponseSchema>("/billing/credits", { method: "POST", body: credit }))
        .data,
  );
}

export function useChangeCreditLimit() {
  return useSupportChange(
    async ({ currency, ...body }: { organization_id: string; currency: string; credit_limit: string }) =>
      (
        await apiFetch<typeof billingAccountSchema>(`/billing/accounts/${encodeURIComponent(currency)}`, {
          method: "PATCH",
          body,
        })
      ).data,
  );
}

/** POST /invoices/{id}/void or …/mark_uncollectible (support). */
export function useCloseInvoice() {
  return useSupportChange(
    async ({ invoiceId, action }: { invoiceId: string; action: "void" | "mark_uncollectible" }) =>
      (
        await apiFetch<typeof invoiceResponseSchema>(`/invoices/${encodeURIComponent(invoiceId)}/${action}`, {
          method: "POST",
        })
      ).data.data,
  );
}
