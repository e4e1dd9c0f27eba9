"use client";
import Link from "next/link";
import { jobFailureAdvice } from "@/components/numbers/job-failure-words";
import { useNumberConfiguration } from "@/components/hooks/use-numbers";
import type { Job } from "@/lib/schemas/jobs";

/** One number a bulk job could not change: the number (a link to its page), why, and what to do. */
export function JobFailure({ item, type }: { item: Job["items"][number]; type: Job["type"] }) {
  const number = useNumberConfiguration(item.number_id);
  const href = `/numbers/${encodeURIComponent(item.number_id)}`;
  return (
    <li data-testid="job-failure">
      <Link className="mono" href={href}>
        {number.data ? number.data.number : "this number"}
      </Link>
      {number.data && number.data.name !== number.data.number ? ` (${number.data.name})` : ""}:{" "}
      {(item.error?.error.message ?? "It failed").replace(/\.$/, "")}.{" "}
      {jobFailureAdvice(item.error?.error.code, type)}
    </li>
  );
}
