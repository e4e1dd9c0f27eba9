"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type {
  invitationListResponseSchema,
  invitationResponseSchema,
  memberListResponseSchema,
  memberResponseSchema,
} from "@/lib/schemas/members";

// GET /members and /members/invitations, and the changes to them (docs/CONTRACT.md §15).
/**
 * `enabled` false: not asked (a page that offers them only to some people). `organizationId`:
 * support staff name the organization whose members they read; everyone else reads their own.
 */
export function useMembers(enabled = true, organizationId: string | null = null) {
  return useQuery({
    queryKey: [...queryKeys.members(), "list", organizationId],
    enabled,
    queryFn: async ({ signal }) =>
      // The largest page: a team is read in one request (GET /members is paged like every list).
      (
        await apiFetch<typeof memberListResponseSchema>(
          `/members${toQueryString({ limit: 100, organization_id: organizationId })}`,
          { signal },
        )
      ).data.data,
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: [...queryKeys.members(), "invitations"],
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof invitationListResponseSchema>("/members/invitations", { signal })).data.data,
  });
}

export type Change =
  | { kind: "invite"; email: string; role: string }
  | { kind: "role"; id: string; role: string }
  | { kind: "remove"; id: string }
  | { kind: "revoke"; id: string }
  | { kind: "resend"; id: string };

export function useMemberChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      if (change.kind === "invite")
        return apiFetch<typeof invitationResponseSchema>("/members/invitations", {
          method: "POST",
          body: { email: change.email, role: change.role },
        });
      if (change.kind === "role")
        return apiFetch<typeof memberResponseSchema>(`/members/${change.id}`, {
          method: "PATCH",
          body: { role: change.role },
        });
      if (change.kind === "remove")
        return apiFetch<typeof memberResponseSchema>(`/members/${change.id}`, { method: "DELETE" });
      if (change.kind === "revoke")
        return apiFetch<typeof invitationResponseSchema>(`/members/invitations/${change.id}`, {
          method: "DELETE",
        });
      return apiFetch<typeof invitationResponseSchema>(`/members/invitations/${change.id}/resend`, {
        method: "POST",
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members() }),
  });
}
