import { formatDate, plural } from "@/components/ui/format";
import type { JobType } from "@/lib/schemas/jobs";
import type { NumberStatus } from "@/lib/schemas/limits";

// How a number's lifecycle reads (docs/CONTRACT.md §16): its state, the rules that dial it, a bulk
// job's kind and progress, in the portal's words rather than the API's codes.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Active", "Waiting for documents — due 11 Dec 2026", "Released — restorable until 10 Dec 2026",
 * "Porting — FOC 3 Feb 2027".
 */
export function statusWords(number: {
  status: NumberStatus;
  restorable_until: string | null;
  documents_due?: string | null;
  porting_foc_at?: string | null;
}): string {
  if (number.status === "active") return "Active";
  if (number.status === "porting")
    return number.porting_foc_at
      ? `Porting — FOC ${formatDate(number.porting_foc_at)}`
      : "Porting — FOC not confirmed yet";
  if (number.status === "pending_documents")
    return number.documents_due
      ? `Waiting for documents — due ${formatDate(number.documents_due)}`
      : "Waiting for documents";
  return number.restorable_until === null
    ? "Released"
    : `Released — restorable until ${formatDate(number.restorable_until)}`;
}

export const statusTone: Record<NumberStatus, string> = {
  active: "badge--success",
  pending_documents: "badge--warning",
  aging: "badge--danger",
  porting: "badge--accent",
};

/** The filter's choices: the API's default (empty), each state, or every state. */
export const statusChoices: { value: string; label: string }[] = [
  { value: "", label: "Active, waiting or porting in" },
  { value: "active", label: "Active" },
  { value: "pending_documents", label: "Waiting for documents" },
  { value: "aging", label: "Released, still restorable" },
  { value: "porting", label: "Porting in" },
  { value: "active,pending_documents,aging,porting", label: "Any status" },
];

/** Until when a number released at `now` can be restored. */
export function restorableUntil(now: Date, agingDays: number): string {
  return formatDate(new Date(now.getTime() + agingDays * DAY_MS).toISOString());
}

export type ReferencingRule = { numberId: string; number: string; ruleName: string };

/**
 * The rules a 409 number_referenced names, read from its details:
 * `num_x (+44…) rules[0] "Name"; num_y (+1…) rules[2] "Other"`. Empty when there are none.
 */
export function referencingRules(details: string): ReferencingRule[] {
  const found: ReferencingRule[] = [];
  for (const match of details.matchAll(/(\S+) \(([^)]*)\) rules\[\d+\] "((?:[^"]|"(?!;|$))*)"/g))
    found.push({ numberId: match[1], number: match[2], ruleName: match[3] });
  return found;
}

const jobNames: Record<JobType, string> = {
  set_tags: "Changing tags",
  lock: "Locking",
  unlock: "Unlocking",
  release: "Releasing",
  apply_configuration: "Applying rules",
};

/** "Changing tags: 3 of 5 numbers done, 1 failed." */
export function jobProgressWords(job: {
  type: JobType;
  status: string;
  counts: { total: number; succeeded: number; failed: number; pending: number };
}): string {
  const { total, succeeded, failed, pending } = job.counts;
  const done = total - pending;
  const failures = failed > 0 ? `, ${failed} failed` : "";
  if (job.status === "completed")
    return `${jobNames[job.type]}: done — ${succeeded} of ${plural(total, "number")} changed${failures}.`;
  if (job.status === "canceled")
    return `${jobNames[job.type]}: stopped — ${succeeded} of ${plural(total, "number")} changed${failures}, the rest left as they were.`;
  if (job.status === "queued") return `${jobNames[job.type]}: waiting to start (${plural(total, "number")}).`;
  return `${jobNames[job.type]}: ${done} of ${plural(total, "number")} done${failures}.`;
}
