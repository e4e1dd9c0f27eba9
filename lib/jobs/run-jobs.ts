import "server-only";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { event, recordEvents } from "@/lib/events/record-events";
import { recordAudit, systemActor } from "@/lib/audit/record";
import type { Writer } from "@/lib/numbers/change-configuration";
import { toJob } from "@/lib/jobs/jobs";
import { doBatch } from "@/lib/jobs/batch";
import { doEachNumber } from "@/lib/jobs/each-number";
import type { Claimed } from "@/lib/jobs/job-items";
import type { Scope } from "@/lib/schemas/scopes";
import type { JobType } from "@/lib/schemas/jobs";
import { claimDue, recordOutcome, type Queue } from "@/lib/queue/queue";

// The worker's part of bulk jobs (docs/CONTRACT.md §16): a job is claimed under a lease like every
// queue of the worker (lib/queue/queue.ts), then its pending items are done a batch at a time.
// A set_tags, lock, unlock or release batch is one transaction (lib/jobs/batch.ts): the same
// checks and records per number as its single endpoint, written a statement for the whole
// batch, with the items marked done in it, conditional on their still being pending and on
// this worker's claim. An apply_configuration job's numbers go one at a time through
// PUT /numbers/{number_id}'s function (lib/jobs/each-number.ts), each item marked in its
// number's transaction. Either way a crash before a commit leaves the work and its marks
// undone, after it both done, so a later claim (once the lease has run out) resumes with the
// next pending number and none is done twice.

// A job is done a batch a claim: "retry" releases it, still running, for the next claim (at
// once: it has no next_attempt_at). A job never gives up; its items fail one by one instead.
const jobQueue: Queue<unknown> = {
  name: "jobs",
  table: "job",
  waiting: ["queued", "running"],
  claimedStatus: "running",
  scheduled: false,
  order: "created_at",
  statuses: { done: "completed", retry: "running", gaveUp: "running" },
  doneAt: "completed_at",
  retryDelaysMs: [0],
  failuresSoFar: () => 0,
};

/** Claims one due job and does up to one batch of it; answers how many numbers it did. */
export async function runDueJobs(options: {
  now: () => Date;
  leaseMs: number;
  batch?: number;
}): Promise<number> {
  const prisma = await getPrisma();
  // The claim's token names the holding process: tests/cluster/jobs.ts kills exactly that one.
  const [claimed] = await claimDue(jobQueue, { now: options.now(), leaseMs: options.leaseMs, batch: 1 });
  if (!claimed) return 0;
  const job = await prisma.job.findUniqueOrThrow({ where: { id: claimed.id } });
  const items = await prisma.jobItem.findMany({
    where: { jobId: job.id, status: "pending" },
    orderBy: { position: "asc" },
    // Items a claim does: a batch's transaction, or as many numbers one at a time.
    take: options.batch ?? getEnv().JOBS_BATCH_SIZE,
    select: { position: true, numberId: true },
  });
  // A job acts for its creator, with the scopes it was started with and the creator's role now
  // (what the history names); one whose creator is gone acts for nobody, as their tokens do.
  const creator =
    job.actorUserId === null
      ? null
      : await prisma.user.findFirst({
          where: { id: job.actorUserId, organizationId: job.organizationId },
          select: { role: true },
        });
  const writer: Writer | null = creator && {
    kind: job.actorKind === "session" ? "session" : "token",
    organizationId: job.organizationId,
    role: creator.role,
    userId: job.actorUserId,
    tokenId: job.actorTokenId,
    scopes: job.actorScopes as Scope[],
  };
  const type = job.type as JobType;
  const params = job.params as Record<string, unknown>;
  const kept =
    type === "apply_configuration" && writer !== null
      ? await doEachNumber(claimed, { type, params, writer }, items, options.now)
      : await doBatch(claimed, { type, params, writer, actorUserId: job.actorUserId }, items, options.now);
  // A lost claim means another worker has the job now: stop here.
  if (!kept) return 0;
  await finishIfDone(claimed, options.now());
  return items.length;
}

/** When no item is pending, the job is completed: job.completed and an audit entry, once. */
async function finishIfDone(claimed: Claimed, now: Date): Promise<void> {
  await inRetryingTransaction(async (tx) => {
    const pending = await tx.jobItem.count({ where: { jobId: claimed.id, status: "pending" } });
    const finished = await recordOutcome(
      tx,
      jobQueue,
      claimed,
      pending === 0 ? { type: "done" } : { type: "retry", at: now },
      now,
    );
    if (!finished || pending > 0) return;
    const job = toJob(
      await tx.job.findUniqueOrThrow({
        where: { id: claimed.id },
        include: { items: { orderBy: { position: "asc" } } },
      }),
    );
    await recordEvents(tx, [event(job.organization_id, "job.completed", job)], now);
    await recordAudit(tx, {
      actor: systemActor,
      ip: null,
      action: "job.completed",
      organizationId: job.organization_id,
      resource: { type: "job", id: job.job_id },
      changes: [
        { field: "succeeded", from: null, to: job.counts.succeeded },
        { field: "failed", from: null, to: job.counts.failed },
      ],
      at: now,
    });
  });
}
