import "server-only";
import { newId } from "@/lib/ids";
import { ApiError, notFound } from "@/lib/errors";
import type { Principal, Viewer } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { numberSearchWhere } from "@/lib/numbers/configurations";
import { claimKey, requestHash, storeAnswer } from "@/lib/http/idempotency";
import type { Prisma } from "@/lib/generated/prisma/client";
import { MAX_JOB_NUMBERS, type Job, type JobRequest, type JobType } from "@/lib/schemas/jobs";
import { requireRole } from "@/lib/auth/roles";
import { ruleListProblems } from "@/lib/numbers/validate-configuration";
import { invalidConfiguration } from "@/lib/numbers/change-configuration";
import { ownOrganizationUnlessSupport } from "@/lib/auth/organization-filter";

// Bulk jobs (docs/CONTRACT.md §16): POST /jobs checks and stores the job and one item per number, and
// answers 202; the worker (lib/jobs/run-jobs.ts) does the numbers. Nothing is started when
// the request names a number the organization does not own, or more than 1,000.

const withItems = { items: { orderBy: { position: "asc" } } } as const satisfies Prisma.JobInclude;
type JobRow = Prisma.JobGetPayload<{ include: typeof withItems }>;

// The scope each type needs besides jobs:write (docs/CONTRACT.md §15: release and lock are owner/admin).
const neededScope: Record<JobType, "numbers:write" | "numbers:release"> = {
  apply_configuration: "numbers:write",
  set_tags: "numbers:write",
  lock: "numbers:release",
  unlock: "numbers:release",
  release: "numbers:release",
};

function owner(viewer: Viewer) {
  return ownOrganizationUnlessSupport(viewer);
}

/** The numbers a request names, each checked as the organization's; 400 naming the others. */
async function resolveNumbers(principal: Principal, request: JobRequest): Promise<string[]> {
  const prisma = await getPrisma();
  if (request.number_ids !== undefined) {
    const wanted = [...new Set(request.number_ids)];
    const found = await prisma.numberConfiguration.findMany({
      where: { organizationId: principal.organizationId, kind: "number", id: { in: wanted } },
      select: { id: true },
    });
    const known = new Set(found.map((row) => row.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new ApiError(
        "invalid_parameter",
        `number_ids names ${unknown.length} number${unknown.length === 1 ? "" : "s"} your organization does not have; nothing was started.`,
        `body.number_ids=${unknown.slice(0, 20).join(",")}`,
      );
    return wanted;
  }
  const where = await numberSearchWhere(
    { organizationId: principal.organizationId, role: "owner" },
    {
      ...request.filter,
    },
  );
  const rows = await prisma.numberConfiguration.findMany({
    where: { AND: [where, { kind: "number" }] },
    select: { id: true },
    orderBy: { number: "asc" },
    take: MAX_JOB_NUMBERS + 1,
  });
  if (rows.length === 0)
    throw new ApiError("invalid_parameter", "filter matches no number; nothing was started.", "body.filter");
  if (rows.length > MAX_JOB_NUMBERS)
    throw new ApiError(
      "invalid_parameter",
      `filter matches more than ${MAX_JOB_NUMBERS} numbers; narrow it (a job takes at most ${MAX_JOB_NUMBERS}).`,
      "body.filter",
    );
  return rows.map((row) => row.id);
}

/**
 * What an apply_configuration job copies must be usable before any number is tried: rules that
 * are rules (each number then adds its own checks), or a number of the caller's organization.
 * Otherwise every item would fail the same way after a 202.
 */
async function assertConfigurationSource(principal: Principal, request: JobRequest): Promise<void> {
  const { params } = request;
  if (request.type !== "apply_configuration") return;
  if (params.rules !== undefined) {
    const problems = ruleListProblems(params.rules, ["params", "rules"]);
    if (problems.length > 0) throw invalidConfiguration(problems);
  }
  if (params.from_number_id !== undefined) {
    const prisma = await getPrisma();
    const source = await prisma.numberConfiguration.findFirst({
      where: { id: params.from_number_id, organizationId: principal.organizationId },
      select: { id: true },
    });
    // Another organization's number reads as one that does not exist: its existence must not leak.
    if (!source)
      throw new ApiError(
        "invalid_parameter",
        `params.from_number_id names no number of your organization: ${params.from_number_id}; nothing was started.`,
        `body.params.from_number_id=${params.from_number_id}`,
      );
  }
}

function assertParams(request: JobRequest): void {
  const { params } = request;
  if (
    request.type === "apply_configuration" &&
    (params.rules === undefined) === (params.from_number_id === undefined)
  )
    throw new ApiError(
      "invalid_parameter",
      "apply_configuration needs params.rules or params.from_number_id (one of them).",
      "body.params",
    );
  if (request.type === "set_tags" && params.add === undefined && params.remove === undefined)
    throw new ApiError("invalid_parameter", "set_tags needs params.add or params.remove.", "body.params");
}

/** POST /jobs: 202 with the job. With an Idempotency-Key, a repeat replays the first answer. */
export async function createJob(
  principal: Principal,
  request: JobRequest,
  idempotencyKey: string | undefined,
): Promise<{ job: Job; replayed: boolean }> {
  const scope = neededScope[request.type];
  // The role first, as for every endpoint: a developer refused a lock is told which role may.
  requireRole(principal.role, scope);
  if (!principal.scopes.includes(scope))
    throw new ApiError(
      "insufficient_scope",
      `A ${request.type} job needs the ${scope} scope.`,
      `scope=${scope}`,
    );
  assertParams(request);
  await assertConfigurationSource(principal, request);
  const numbers = await resolveNumbers(principal, request);
  const id = newId("job");
  const key = idempotencyKey === undefined ? undefined : `job:${idempotencyKey}`;
  return inRetryingTransaction(async (tx) => {
    if (key !== undefined) {
      const earlier = await claimKey<Job>(tx, principal.organizationId, key, requestHash(request));
      if (earlier) return { job: earlier.body, replayed: true };
    }
    const row = await tx.job.create({
      data: {
        id,
        organizationId: principal.organizationId,
        type: request.type,
        params: request.params as Prisma.InputJsonValue,
        actorUserId: principal.userId,
        actorTokenId: principal.tokenId,
        actorKind: principal.kind,
        actorScopes: [...principal.scopes],
        items: { create: numbers.map((numberId, position) => ({ position, numberId })) },
      },
      include: withItems,
    });
    await recordAudit(tx, {
      ...(await auditSource(tx, principal)),
      action: "job.created",
      organizationId: principal.organizationId,
      resource: { type: "job", id },
      changes: [
        { field: "type", from: null, to: request.type },
        { field: "numbers", from: null, to: numbers.length },
      ],
    });
    const job = toJob(row);
    if (key !== undefined)
      await storeAnswer(tx, principal.organizationId, key, { body: job, replayed: false });
    return { job, replayed: false };
  });
}

export async function getJobOrThrow(viewer: Viewer, jobId: string): Promise<Job> {
  const prisma = await getPrisma();
  const row = await prisma.job.findFirst({ where: { id: jobId, ...owner(viewer) }, include: withItems });
  if (!row) throw notFound("job", jobId);
  return toJob(row);
}

export async function listJobs(
  viewer: Viewer,
  page: { limit: number; offset: number },
): Promise<Omit<Job, "items">[]> {
  const prisma = await getPrisma();
  const rows = await prisma.job.findMany({
    where: owner(viewer),
    include: withItems,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit,
    skip: page.offset,
  });
  return rows.map((row) => {
    const { items: _items, ...job } = toJob(row);
    return job;
  });
}

/** POST /jobs/{id}/cancel: what has not started is canceled; a number under way finishes. */
export async function cancelJob(principal: Principal, jobId: string): Promise<Job> {
  await getJobOrThrow(principal, jobId);
  await inRetryingTransaction(async (tx) => {
    const updated = await tx.job.updateMany({
      where: { id: jobId, status: { in: ["queued", "running"] } },
      data: { status: "canceled", completedAt: new Date() },
    });
    if (updated.count === 0) return;
    await tx.jobItem.updateMany({ where: { jobId, status: "pending" }, data: { status: "canceled" } });
    await recordAudit(tx, {
      ...(await auditSource(tx, principal)),
      action: "job.canceled",
      organizationId: principal.organizationId,
      resource: { type: "job", id: jobId },
    });
  });
  return getJobOrThrow(principal, jobId);
}

export function toJob(row: JobRow): Job {
  const count = (status: string) => row.items.filter((item) => item.status === status).length;
  return {
    job_id: row.id,
    organization_id: row.organizationId,
    type: row.type as JobType,
    status: row.status as Job["status"],
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    counts: {
      total: row.items.length,
      succeeded: count("succeeded"),
      failed: count("failed"),
      pending: count("pending"),
    },
    items: row.items.map((item) => ({
      number_id: item.numberId,
      status: item.status as Job["items"][number]["status"],
      error: (item.error ?? null) as Job["items"][number]["error"],
    })),
  };
}
