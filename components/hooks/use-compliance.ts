"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { ErrorBody } from "@/lib/errors";
import type {
  addressListResponseSchema,
  addressResponseSchema,
  CreateAddressRequest,
  CreateEndUserRequest,
  endUserListResponseSchema,
  endUserResponseSchema,
  requirementsResponseSchema,
} from "@/lib/schemas/compliance";
import type {
  documentListResponseSchema,
  documentResponseSchema,
  DocumentView,
} from "@/lib/schemas/compliance-documents";
import type {
  bundleListResponseSchema,
  bundleResponseSchema,
  BundleView,
  CreateBundleRequest,
  evaluationResponseSchema,
  RejectBundleRequest,
  UpdateBundleRequest,
} from "@/lib/schemas/compliance-bundles";

export type { AddressView, EndUserView } from "@/lib/schemas/compliance";
export type { DocumentView } from "@/lib/schemas/compliance-documents";
export type { BundleView } from "@/lib/schemas/compliance-bundles";

// The compliance pages' calls (docs/CONTRACT.md §17): end users, addresses, documents (uploaded as
// multipart, read back as a file) and bundles with their evaluation and review. Answers typed
// by the routes' own response schemas.

/** Lists are read a page of 100 at a time (the API's largest page). */
export const COMPLIANCE_PAGE = 100;

type Page = { offset: number };

function listOf<T>(answer: { data: { data: T[] }; headers: Headers }) {
  return {
    items: answer.data.data,
    total: Number(answer.headers.get("x-total-count") ?? answer.data.data.length),
  };
}

export function useEndUsers(page: Page = { offset: 0 }) {
  return useQuery({
    queryKey: queryKeys.compliance.endUsers(page.offset),
    queryFn: async ({ signal }) =>
      listOf(
        await apiFetch<typeof endUserListResponseSchema>(
          `/end_users${toQueryString({ limit: COMPLIANCE_PAGE, offset: page.offset })}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAddresses(page: Page = { offset: 0 }) {
  return useQuery({
    queryKey: queryKeys.compliance.addresses(page.offset),
    queryFn: async ({ signal }) =>
      listOf(
        await apiFetch<typeof addressListResponseSchema>(
          `/addresses${toQueryString({ limit: COMPLIANCE_PAGE, offset: page.offset })}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(page: Page = { offset: 0 }) {
  return useQuery({
    queryKey: queryKeys.compliance.documents(page.offset),
    queryFn: async ({ signal }) =>
      listOf(
        await apiFetch<typeof documentListResponseSchema>(
          `/documents${toQueryString({ limit: COMPLIANCE_PAGE, offset: page.offset })}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One end user (support reads any organization's). */
export function useEndUser(endUserId: string) {
  return useQuery({
    queryKey: queryKeys.compliance.endUser(endUserId),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof endUserResponseSchema>(`/end_users/${encodeURIComponent(endUserId)}`, {
          signal,
        })
      ).data.data,
  });
}

/** One address (support reads any organization's): the one on file beside a document. */
export function useAddress(addressId: string | null) {
  return useQuery({
    queryKey: queryKeys.compliance.address(addressId ?? ""),
    enabled: addressId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof addressResponseSchema>(`/addresses/${encodeURIComponent(addressId ?? "")}`, {
          signal,
        })
      ).data.data,
  });
}

/** One document's metadata (support reads any organization's). */
export function useDocument(documentId: string) {
  return useQuery({
    queryKey: queryKeys.compliance.document(documentId),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof documentResponseSchema>(`/documents/${encodeURIComponent(documentId)}`, {
          signal,
        })
      ).data.data,
  });
}

/** `status` null: every bundle (the customer's); "pending_review": the queue, oldest first. */
export function useBundles(status: BundleView["status"] | null, page: Page = { offset: 0 }) {
  return useQuery({
    queryKey: queryKeys.compliance.bundles(status, page.offset),
    queryFn: async ({ signal }) =>
      listOf(
        await apiFetch<typeof bundleListResponseSchema>(
          `/bundles${toQueryString({ status, limit: COMPLIANCE_PAGE, offset: page.offset })}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** What a country's numbers of a type require, region by region. */
export function useRequirements(country: string, numberType: string) {
  return useQuery({
    queryKey: queryKeys.compliance.requirements(country, numberType),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof requirementsResponseSchema>(
          `/requirements/${encodeURIComponent(country)}/${encodeURIComponent(numberType)}`,
          { signal },
        )
      ).data.data,
    staleTime: 10 * 60_000,
  });
}

/** POST /bundles/{id}/evaluate, asked again whenever the bundle changes (its updated_at). */
export function useEvaluation(bundle: BundleView) {
  return useQuery({
    queryKey: queryKeys.compliance.evaluation(bundle.bundle_id, bundle.updated_at),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof evaluationResponseSchema>(`${bundlePath(bundle.bundle_id)}/evaluate`, {
          method: "POST",
          signal,
        })
      ).data.data,
  });
}

/** The document's bytes as a Blob (the API answers it as an attachment, never as a page). */
export function useDocumentFile(documentId: string) {
  return useQuery({
    queryKey: queryKeys.compliance.documentFile(documentId),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(`/api/v2/documents/${encodeURIComponent(documentId)}/file`, {
          signal,
          credentials: "same-origin",
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        throw new ApiClientError(0, null);
      }
      if (!response.ok) throw await errorOf(response);
      return response.blob();
    },
  });
}

async function errorOf(response: Response): Promise<ApiClientError> {
  const json = (await response.json().catch(() => null)) as ErrorBody | null;
  const body = json && typeof json === "object" && "error" in json ? json : null;
  return new ApiClientError(response.status, body);
}

const bundlePath = (bundleId: string) => `/bundles/${encodeURIComponent(bundleId)}`;

function useInvalidating<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A document's file never changes: everything else of compliance is read again.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.compliance.all(),
        predicate: (query) => query.queryKey[1] !== "document-file",
      }),
  });
}

export function useCreateEndUser() {
  return useInvalidating(
    async (request: CreateEndUserRequest) =>
      (await apiFetch<typeof endUserResponseSchema>("/end_users", { method: "POST", body: request })).data
        .data,
  );
}

export function useCreateAddress() {
  return useInvalidating(
    async (request: CreateAddressRequest) =>
      (await apiFetch<typeof addressResponseSchema>("/addresses", { method: "POST", body: request })).data
        .data,
  );
}

export type UploadRequest = {
  file: File;
  document_type_id: string;
  end_user_id: string;
  address_id: string | null;
  expires_on: string | null;
};

/** POST /documents as multipart/form-data; a refusal keeps the API's error body. */
export function useUploadDocument() {
  return useInvalidating(async (request: UploadRequest): Promise<DocumentView> => {
    const form = new FormData();
    form.set("document_type_id", request.document_type_id);
    form.set("end_user_id", request.end_user_id);
    if (request.address_id) form.set("address_id", request.address_id);
    if (request.expires_on) form.set("expires_on", request.expires_on);
    form.set("file", request.file, request.file.name);
    let response: Response;
    try {
      response = await fetch("/api/v2/documents", {
        method: "POST",
        body: form,
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
    } catch {
      throw new ApiClientError(0, null);
    }
    if (!response.ok) throw await errorOf(response);
    return ((await response.json()) as { data: DocumentView }).data;
  });
}

export function useCreateBundle() {
  return useInvalidating(
    async (request: CreateBundleRequest) =>
      (await apiFetch<typeof bundleResponseSchema>("/bundles", { method: "POST", body: request })).data.data,
  );
}

export function useUpdateBundle(bundleId: string) {
  return useInvalidating(
    async (request: UpdateBundleRequest) =>
      (await apiFetch<typeof bundleResponseSchema>(bundlePath(bundleId), { method: "PATCH", body: request }))
        .data.data,
  );
}

/** submit, approve (support) — the bundle's next state. */
export function useBundleAction(bundleId: string, action: "submit" | "approve") {
  return useInvalidating(
    async () =>
      (await apiFetch<typeof bundleResponseSchema>(`${bundlePath(bundleId)}/${action}`, { method: "POST" }))
        .data.data,
  );
}

export function useRejectBundle(bundleId: string) {
  return useInvalidating(
    async (request: RejectBundleRequest) =>
      (
        await apiFetch<typeof bundleResponseSchema>(`${bundlePath(bundleId)}/reject`, {
          method: "POST",
          body: request,
        })
      ).data.data,
  );
}
