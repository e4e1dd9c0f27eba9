"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { JobType, jobListResponseSchema, jobResponseSchema } from "@/lib/schemas/jobs";

// Bulk jobs (docs/CONTRACT.md §16): start one over the numbers picked on /numbers, follow it until it
// is done, stop it. A job is followed by its id (kept in the page's URL), so a reload finds it.

const POLL_MS = 1_000;

const isFinished = (status: string | undefined) => status === "completed" || status === "canceled";

/**
 * GET /jobs/{id}, read again each second until the job is completed or canceled; then the
 * lists of numbers read again, to show what it changed.
 */
export function useJob(jobId: string | null) {
  const client = useQueryClient();
  const job = useQuery({
    queryKey: queryKeys.jobs.detail(jobId ?? ""),
    enabled: jobId !== null,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof jobResponseSchema>(`/jobs/${encodeURIComponent(jobId ?? "")}`, { signal })).data
        .data,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
  });
  const status = job.data?.status;
  const seenRunning = useRef(false);
  useEffect(() => {
    if (status !== undefined && !isFinished(status)) seenRunning.current = true;
    else if (isFinished(status) && seenRunning.current) {
      seenRunning.current = false;
      void client.invalidateQueries({ queryKey: queryKeys.numbers.all() });
      void client.invalidateQueries({ queryKey: queryKeys.jobs.recent() });
    }
  }, [status, client]);
  return job;
}

/** The organization's latest jobs (GET /jobs): one still under way is shown without its link. */
export function useRecentJobs(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.recent(),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiFetch<typeof jobListResponseSchema>("/jobs?limit=5", { signal })).data.data,
  });
}

export type JobTarget = { number_ids: string[] } | { filter: Record<string, string | string[]> };

/** `target` may be worked out when the job starts (jobTarget reads the matching numbers). */
export type JobStart = {
  type: JobType;
  params: Record<string, unknown>;
  target: JobTarget | (() => Promise<JobTarget>);
};

/** POST /jobs: 202 with the job, which the worker then does a batch at a time. */
export function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, params, target: given }: JobStart) => {
      const target = typeof given === "function" ? await given() : given;
      if ("number_ids" in target && target.number_ids.length === 0)
        throw new Error("Only extensions are selected: a bulk action changes numbers, not extensions.");
      return (
        await apiFetch<typeof jobResponseSchema>("/jobs", {
          method: "POST",
          body: { type, params, ...target },
        })
      ).data.data;
    },
    onSuccess: (job) => {
      client.setQueryData(queryKeys.jobs.detail(job.job_id), job);
      void client.invalidateQueries({ queryKey: queryKeys.jobs.recent() });
    },
  });
}

/** POST /jobs/{id}/cancel: what has not started is not done. */
export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) =>
      (
        await apiFetch<typeof jobResponseSchema>(`/jobs/${encodeURIComponent(jobId)}/cancel`, {
          method: "POST",
        })
      ).data.data,
    onSuccess: (job) => {
      client.setQueryData(queryKeys.jobs.detail(job.job_id), job);
      void client.invalidateQueries({ queryKey: queryKeys.jobs.recent() });
    },
  });
}
