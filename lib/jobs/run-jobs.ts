import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { event, recordEvents } from "@/lib/events/record-events";
import { recordAudit, systemActor } from "@/lib/audit/record";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { replaceConfiguration, type Writer } from "@/lib/numbers/change-configuration";
import { etagFor } from "@/lib/numbers/preconditions";
import { assertNotPortingIn, releaseStored } from "@/lib/numbers/lifecycle";
import { numberStateFacts } from "@/lib/schemas/number-states";
import { toJob } from "@/lib/jobs/jobs";
import type { Scope } from "@/lib/schemas/scopes";
import type { JobType } from "@/lib/schemas/jobs";
import { claimDue, recordOutcome, type Queue } from "@/lib/queue/queue";

// The worker's part of bulk jobs (docs/CONTRACT.md §16): a job is claimed under a lease like every
// queue of the worker (lib/queue/queue.ts), then its pending items are done a batch at a time, each number through the same domain
// function as its single endpoint. The item is marked done inside that function's
// transaction, conditional on it still being pending and on this worker's claim: a crash
// before the commit leaves both undone, after it both done, so a later claim (once the lease
// has run out) resumes with the next pending number and none is done twice.

const JOB_BATCH = 50;

type Claimed = { id: string; claim_token: string };

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
    take: options.batch ?? JOB_BATCH,
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
  for (const item of items) {
    const mark = markDone(claimed, item.position, options.now);
    try {
      if (!writer)
        throw new ApiError(
          "unauthorized",
          "The job's creator is no longer a member.",
          `user_id=${job.actorUserId ?? ""}`,
        );
      await doNumber(job.type as JobType, job.params as Record<string, unknown>, writer, item.numberId, mark);
    } catch (error) {
      const body =
        error instanceof ApiError
          ? error.toBody()
          : new ApiError(
              "internal_error",
              "The number could not be changed.",
              `number_id=${item.numberId}`,
            ).toBody();
      // A lost claim means another worker has the job now: stop here.
      if (error instanceof LostClaim) return 0;
      await inRetryingTransaction(async (tx) => {
        await mark(tx, "failed", body);
      }).catch((markError: unknown) => {
        if (!(markError instanceof LostClaim)) throw markError;
      });
    }
  }
  await finishIfDone(claimed, options.now());
  return items.length;
}

class LostClaim extends Error {}

/** Marks an item in the caller's transaction, if still pending under this claim; else rolls it back. */
function markDone(claimed: Claimed, position: number, now: () => Date) {
  return async (tx: Tx, status: "succeeded" | "failed" = "succeeded", error: unknown = null) => {
    const marked = await tx.$executeRaw`
      UPDATE job_item i SET status = ${status}, error = ${error === null ? null : JSON.stringify(error)}::jsonb, done_at = ${now()}
        FROM job j
       WHERE i.job_id = ${claimed.id} AND i.position = ${position} AND i.status = 'pending'
         AND j.id = i.job_id AND j.claim_token = ${claimed.claim_token}`;
    if (marked === 0) throw new LostClaim("the job's claim ran out or the item was done");
  };
}

async function doNumber(
  type: JobType,
  params: Record<string, unknown>,
  writer: Writer,
  numberId: string,
  mark: (tx: Tx) => Promise<void>,
): Promise<void> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { id: numberId, organizationId: writer.organizationId, kind: "number" },
    include: configurationInclude,
  });
  if (!row)
    throw new ApiError(
      "not_found",
      `There is no number with number_id ${numberId}.`,
      `number_id=${numberId}`,
    );
  if (type === "release") {
    // Being ported in: the item fails with 409 port_in_progress, as DELETE answers it.
    assertNotPortingIn(row);
    // Released already: done, as DELETE /numbers/{number_id} answers it.
    if (!numberStateFacts[row.status].releasable) {
      await inRetryingTransaction((tx) => mark(tx));
      return;
    }
    await releaseStored(writer, row, { force: params.force === true, also: mark });
    return;
  }
  const current = toNumberConfiguration(row);
  const body: Record<string, unknown> = { name: current.name, rules: current.rules };
  if (type === "lock" || type === "unlock") body.locked = type === "lock";
  if (type === "set_tags") {
    const add = (params.add as string[] | undefined) ?? [];
    const remove = new Set((params.remove as string[] | undefined) ?? []);
    body.tags = [...current.tags, ...add].filter((tag) => !remove.has(tag));
  }
  if (type === "apply_configuration") {
    if (typeof params.from_number_id === "string") {
      const source = await prisma.numberConfiguration.findFirst({
        where: { id: params.from_number_id, organizationId: writer.organizationId },
        include: configurationInclude,
      });
      if (!source)
        throw new ApiError(
          "not_found",
          `There is no number with number_id ${params.from_number_id}.`,
          `params.from_number_id=${params.from_number_id}`,
        );
      body.rules = toNumberConfiguration(source).rules;
    } else body.rules = params.rules;
    if (typeof params.name === "string") body.name = params.name;
  }
  await replaceConfiguration(writer, row, etagFor(row), body, mark);
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
