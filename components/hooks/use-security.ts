"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  organizationSettingsSchema,
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "@/lib/schemas/security";

// /settings/security's requests (docs/CONTRACT.md §15): the password, two-factor sign-in, sessions.

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor(),
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof twoFactorStatusSchema>("/two-factor", { signal })).data,
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<typeof twoFactorEnrolmentSchema>("/two-factor/enrolment", { method: "POST" })).data,
  });
}

/** Confirming the enrolment or making new recovery codes: both answer the codes, once. */
export function useRecoveryCodes(path: "/two-factor/enrolment/confirm" | "/two-factor/recovery-codes") {
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiFetch<typeof recoveryCodesSchema>(path, { method: "POST", body: { code } })).data
        .recovery_codes,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiFetch("/two-factor/disable", { method: "POST", body: { password } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor() }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { current_password: string; new_password: string }) => {
      await apiFetch("/password", { method: "POST", body });
    },
  });
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await apiFetch("/sessions/end-all", { method: "POST" });
    },
  });
}

export function useOrganizationSettings() {
  return useQuery({
    queryKey: queryKeys.organizationSettings(),
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof organizationSettingsSchema>("/organization/settings", { signal })).data,
  });
}

export function useChangeOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { require_two_factor: boolean }) =>
      (await apiFetch<typeof organizationSettingsSchema>("/organization/settings", { method: "PATCH", body }))
        .data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.organizationSettings(), data),
  });
}
