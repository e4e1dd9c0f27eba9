import "server-only";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import {
  lockConfigurations,
  releaseConfigurations,
  replaceConfigurations,
  type BulkOutcome,
} from "@/lib/numbers/bulk-changes";
import { metrics } from "@/lib/observability/metrics";
import { doEachNumber, jobBody, numberGone, type JobToRun } from "@/lib/jobs/each-number";
import {
  itemError,
  LostClaim,
  lockItems,
  markItems,
  type Claimed,
  type Item,
  type ItemOutcome,
} from "@/lib/jobs/job-items";

// A batch of a set_tags, lock, unlock or release job in one transaction (docs/ARCHITECTURE.md,
// "The worker"): its items locked (still pending under this claim), its numbers locked and
// read, every number checked as its single endpoint checks it, the changes written a
// statement for all (the configurations, history, audit entries, events), and the items
// marked, all committed together. A crash before the commit leaves the whole batch undone
// and pending for the next claim; after it, done. A number the batch leaves to its single
// path (a change that would rewrite its rules) is done after the commit, one at a time.

export type BatchJob = Omit<JobToRun, "writer"> & {
  writer: JobToRun["writer"] | null;
  /** Who created the job, for the refusal of a job whose creator is gone. */
  actorUserId: string | null;
};

/** Does a batch; false when the claim was lost (stop: another worker has the job). */
export async function doBatch(
  claimed: Claimed,
  job: BatchJob,
  pending: readonly Item[],
  now: () => Date,
): Promise<boolean> {
  // A job names each number once (POST /jobs); were one named twice, its second item waits
  // for the next batch, as the single path would have done it after the first.
  const seen = new Set<string>();
  const items = pending.filter((item) => !seen.has(item.numberId) && seen.add(item.numberId));
  if (items.length === 0) return true;
  let outcomes: BulkOutcome[];
  try {
    outcomes = await inRetryingTransaction(async (tx) => {
      await lockItems(tx, claimed, items);
      const done = await changeNumbers(tx, job, items);
      const byNumber = new Map(done.map((outcome) => [outcome.numberId, outcome]));
      await markItems(
        tx,
        claimed,
        items.flatMap((item): ItemOutcome[] => {
          const outcome = byNumber.get(item.numberId);
          if (outcome === undefined || outcome.kind === "deferred") return [];
          return outcome.kind === "refused"
            ? [{ position: item.position, status: "failed", error: itemError(outcome.error, item.numberId) }]
            : [{ position: item.position, status: "succeeded" }];
        }),
        now(),
      );
      return done;
    });
  } catch (error) {
    if (error instanceof LostClaim) return false;
    // A statement of the batch failed (not a number's refusal, which is an outcome): its
    // numbers go one at a time, so a number that cannot be written fails alone.
    warn("job_batch_failed", {
      job_id: claimed.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return job.writer === null ? true : doEachNumber(claimed, { ...job, writer: job.writer }, items, now);
  }
  // Counted once committed, as each single release is.
  if (job.type === "release")
    metrics().numbersReleased.inc(outcomes.filter((outcome) => outcome.kind === "changed").length);
  const deferred = new Set(
    outcomes.filter((outcome) => outcome.kind === "deferred").map((outcome) => outcome.numberId),
  );
  if (deferred.size === 0 || job.writer === null) return true;
  return doEachNumber(
    claimed,
    { ...job, writer: job.writer },
    items.filter((item) => deferred.has(item.numberId)),
    now,
  );
}

/** Every item's outcome: the creator gone, the number gone, or what the bulk change answered. */
async function changeNumbers(
  tx: Parameters<typeof lockConfigurations>[0],
  job: BatchJob,
  items: readonly Item[],
): Promise<BulkOutcome[]> {
  const { type, writer } = job;
  // A job acts for its creator; one whose creator is gone acts for nobody, as their tokens do.
  if (writer === null) {
    const error = new ApiError(
      "unauthorized",
      "The job's creator is no longer a member.",
      `user_id=${job.actorUserId ?? ""}`,
    );
    return items.map((item) => ({ numberId: item.numberId, kind: "refused", error }));
  }
  // Each number's rules are its own to check and rewrite: the single path does them.
  if (type === "apply_configuration")
    return items.map((item) => ({ numberId: item.numberId, kind: "deferred" }));
  const rows = await lockConfigurations(
    tx,
    writer.organizationId,
    items.map((item) => item.numberId),
  );
  // In the items' order, so history rows and events follow the job's order.
  const found = items.flatMap((item) => rows.get(item.numberId) ?? []);
  const changed =
    type === "release"
      ? await releaseConfigurations(tx, writer, found, { force: job.params.force === true })
      : await replaceConfigurations(tx, writer, found, (current) => jobBody(type, job.params, current));
  const missing: BulkOutcome[] = items
    .filter((item) => !rows.has(item.numberId))
    .map((item) => ({ numberId: item.numberId, kind: "refused", error: numberGone(item.numberId) }));
  return [...changed, ...missing];
}

function warn(event: string, fields: Record<string, unknown>): void {
  if (getEnv().LOG_LEVEL === "silent") return;
  console.log(JSON.stringify({ level: "warn", event, ...fields }));
}
