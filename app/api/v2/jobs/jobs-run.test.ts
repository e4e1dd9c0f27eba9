import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import type { Job } from "@/lib/schemas/jobs";

// Bulk jobs (docs/CONTRACT.md §16) as the worker runs them: its function on an injected clock,
// resumed after a crash (an expired lease) without doing any number twice; each number's
// refusal; cancelling; whom the changes name. What POST /jobs refuses is jobs.test.ts.

type One = { data: Job };
const ACME = [
  "num_acme_main",
  "num_acme_manchester",
  "num_acme_on_call",
  "num_acme_freephone",
  "num_acme_new_york",
];
const post = (body: unknown, headers: Record<string, string> = {}) =>
  api<One>("POST", "/jobs", { token: "acmeAll", body, headers });
const LEASE_MS = 60_000;

describe("a bulk job run by the worker", () => {
  it("tags every number once, in batches, and resumes after a crash without doing a number twice", async () => {
    const prisma = await getPrisma();
    const created = await post(
      { type: "set_tags", number_ids: ACME, params: { add: ["Bulk"] } },
      { "idempotency-key": "k1" },
    );
    expect(created.status).toBe(202);
    const job = created.body.data;
    expect(created.headers.get("location")).toBe(`/api/v2/jobs/${job.job_id}`);
    expect([job.status, job.counts]).toEqual(["queued", { total: 5, succeeded: 0, failed: 0, pending: 5 }]);

    // The same key and body replay the first answer; another body is a conflict.
    const again = await post(
      { type: "set_tags", number_ids: ACME, params: { add: ["Bulk"] } },
      { "idempotency-key": "k1" },
    );
    expect(again.body.data.job_id).toBe(job.job_id);
    const other = await post({ type: "lock", number_ids: ACME }, { "idempotency-key": "k1" });
    expect(other.status).toBe(409);
    expect(await prisma.job.count()).toBe(1);

    const t0 = Date.parse("2030-01-01T00:00:00Z");
    const at = (ms: number) => () => new Date(t0 + ms);
    expect(await runDueJobs({ now: at(0), leaseMs: LEASE_MS, batch: 2 })).toBe(2);
    // A worker claims the job and dies (kill -9) before finishing its batch: its lease stands…
    await prisma.job.update({
      where: { id: job.job_id },
      data: { lockedUntil: new Date(t0 + 1_000 + LEASE_MS), claimToken: "dead-worker" },
    });
    expect(await runDueJobs({ now: at(1_000), leaseMs: LEASE_MS, batch: 2 })).toBe(0);
    // … until it runs out; then the next claim resumes with the next pending number.
    expect(await runDueJobs({ now: at(1_000 + LEASE_MS), leaseMs: LEASE_MS, batch: 2 })).toBe(2);
    const midway = (await get<One>(`/jobs/${job.job_id}`, { token: "acmeAll" })).body.data;
    expect([midway.status, midway.counts]).toEqual([
      "running",
      { total: 5, succeeded: 4, failed: 0, pending: 1 },
    ]);
    expect(await runDueJobs({ now: at(2_000 + LEASE_MS), leaseMs: LEASE_MS, batch: 2 })).toBe(1);
    expect(await runDueJobs({ now: at(3_000 + LEASE_MS), leaseMs: LEASE_MS, batch: 2 })).toBe(0);

    const done = (await get<One>(`/jobs/${job.job_id}`, { token: "acmeAll" })).body.data;
    expect([done.status, done.counts]).toEqual([
      "completed",
      { total: 5, succeeded: 5, failed: 0, pending: 0 },
    ]);
    expect(done.items.map((item) => [item.number_id, item.status])).toEqual(
      ACME.map((id) => [id, "succeeded"]),
    );
    // Each number changed exactly once (one history entry each), with the tag once.
    const changes = await prisma.configurationChange.groupBy({
      by: ["configurationId"],
      where: { configurationId: { in: ACME } },
      _count: true,
    });
    expect(Object.fromEntries(changes.map((row) => [row.configurationId, row._count]))).toEqual(
      Object.fromEntries(ACME.map((id) => [id, 1])),
    );
    const tagged = await prisma.numberConfiguration.findMany({
      where: { id: { in: ACME } },
      select: { tags: true },
    });
    expect(tagged.map((row) => row.tags)).toEqual(ACME.map(() => ["bulk"]));
    const events = await get<{ data: Array<{ data: { job_id: string } }> }>("/events?type=job.completed", {
      token: "acmeAll",
    });
    expect(events.body.data.map((entry) => entry.data.job_id)).toEqual([job.job_id]);
  });

  it("a worker whose lease runs out while it works, and the worker that takes the job over, do no number twice", async () => {
    const prisma = await getPrisma();
    // The database is the file's: count what this job adds to what the earlier tests left.
    const before = await prisma.configurationChange.aggregate({ _max: { id: true } });
    const audited = await prisma.auditEvent.count({ where: { action: "number.tags_changed" } });
    const tagsBefore = await prisma.numberConfiguration.findMany({
      where: { id: { in: ACME } },
      select: { tags: true },
      orderBy: { id: "asc" },
    });
    const created = await post({ type: "set_tags", number_ids: ACME, params: { add: ["again"] } });
    const jobId = created.body.data.job_id;
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    const at = (ms: number) => () => new Date(t0 + ms);
    // A slow worker claims the job at t0; a second one, whose clock is past the first's lease,
    // claims it over while the first is still at its batch. Both go at the same numbers.
    await Promise.all([
      runDueJobs({ now: at(0), leaseMs: LEASE_MS, batch: ACME.length }),
      runDueJobs({ now: at(LEASE_MS + 1), leaseMs: LEASE_MS, batch: ACME.length }),
    ]);
    // Whatever is left is done by a later claim, once every lease has run out.
    for (let round = 3; round < 6; round++)
      await runDueJobs({ now: at(round * LEASE_MS), leaseMs: LEASE_MS, batch: ACME.length });

    const done = (await get<One>(`/jobs/${jobId}`, { token: "acmeAll" })).body.data;
    expect([done.status, done.counts]).toEqual([
      "completed",
      { total: 5, succeeded: 5, failed: 0, pending: 0 },
    ]);
    const changes = await prisma.configurationChange.groupBy({
      by: ["configurationId"],
      where: { configurationId: { in: ACME }, id: { gt: before._max.id ?? 0 } },
      _count: true,
    });
    expect(Object.fromEntries(changes.map((row) => [row.configurationId, row._count]))).toEqual(
      Object.fromEntries(ACME.map((id) => [id, 1])),
    );
    const tagged = await prisma.numberConfiguration.findMany({
      where: { id: { in: ACME } },
      select: { tags: true },
      orderBy: { id: "asc" },
    });
    expect(tagged.map((row) => row.tags)).toEqual(tagsBefore.map((row) => [...row.tags, "again"]));
    expect(await prisma.auditEvent.count({ where: { action: "number.tags_changed" } })).toBe(
      audited + ACME.length,
    );
  });

  it("records each number's error body when its single endpoint would refuse it", async () => {
    const prisma = await getPrisma();
    await prisma.numberConfiguration.update({ where: { id: "num_acme_berlin" }, data: { locked: true } });
    const created = await post({ type: "release", number_ids: ["num_acme_berlin"] });
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(1);
    const done = (await get<One>(`/jobs/${created.body.data.job_id}`, { token: "acmeAll" })).body.data;
    expect(done.counts).toEqual({ total: 1, succeeded: 0, failed: 1, pending: 0 });
    expect(done.items[0].error?.error.code).toBe("number_locked");
    expect(
      (await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_berlin" } })).status,
    ).toBe("active");
  });

  it("fails a release item of a number being ported in with 409 port_in_progress, and releases nothing", async () => {
    const prisma = await getPrisma();
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_manchester" },
      data: { status: "porting" },
    });
    const created = await post({
      type: "release",
      number_ids: ["num_acme_manchester"],
      params: { force: true },
    });
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(1);
    const done = (await get<One>(`/jobs/${created.body.data.job_id}`, { token: "acmeAll" })).body.data;
    expect(done.counts).toEqual({ total: 1, succeeded: 0, failed: 1, pending: 0 });
    expect(done.items[0].error?.error.code).toBe("port_in_progress");
    expect(
      (await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_manchester" } })).status,
    ).toBe("porting");
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_manchester" },
      data: { status: "active" },
    });
  });

  it("fails a lock item of a number being ported in with 409 port_in_progress, and locks nothing", async () => {
    const prisma = await getPrisma();
    const { number } = await prisma.numberConfiguration.update({
      where: { id: "num_acme_manchester" },
      data: { status: "porting" },
    });
    const created = await post({ type: "lock", number_ids: ["num_acme_manchester"] });
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(1);
    const done = (await get<One>(`/jobs/${created.body.data.job_id}`, { token: "acmeAll" })).body.data;
    expect(done.counts).toEqual({ total: 1, succeeded: 0, failed: 1, pending: 0 });
    expect(done.items[0].error?.error).toMatchObject({
      code: "port_in_progress",
      message: `${number} is being ported in: it cannot be locked or unlocked until its port order completes.`,
    });
    const after = await prisma.numberConfiguration.findUniqueOrThrow({
      where: { id: "num_acme_manchester" },
    });
    expect([after.status, after.locked]).toEqual(["porting", false]);
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_manchester" },
      data: { status: "active" },
    });
  });

  it("cancels what has not started", async () => {
    const created = await post({ type: "lock", number_ids: ACME });
    const canceled = await api<One>("POST", `/jobs/${created.body.data.job_id}/cancel`, { token: "acmeAll" });
    expect(canceled.status).toBe(200);
    expect([canceled.body.data.status, canceled.body.data.items.map((item) => item.status)]).toEqual([
      "canceled",
      ACME.map(() => "canceled"),
    ]);
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(0);
    expect((await get(`/jobs/${created.body.data.job_id}`, { token: "globexAll" })).status).toBe(404);
  });
});

describe("whom a job's changes name", () => {
  it("its creator, with the role they hold (an admin's release job: the admin's token, role admin)", async () => {
    const prisma = await getPrisma();
    const created = await api<One>("POST", "/jobs", {
      token: "acmeAdminAll",
      body: { type: "release", number_ids: ["num_acme_freephone"], params: { force: true } },
    });
    expect(created.status).toBe(202);
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(1);
    const done = (await get<One>(`/jobs/${created.body.data.job_id}`, { token: "acmeAll" })).body.data;
    expect(done.counts).toEqual({ total: 1, succeeded: 1, failed: 0, pending: 0 });
    const token = await prisma.apiToken.findFirstOrThrow({
      where: { userId: "usr_acme_admin", revokedAt: null },
      orderBy: { createdAt: "asc" },
    });
    const history = await get<{ data: { kind: string; changed_by: unknown }[] }>(
      "/numbers/num_acme_freephone/history",
      { token: "acmeAll" },
    );
    expect(history.body.data[0]).toMatchObject({
      kind: "released",
      changed_by: { type: "token", name: token.name, role: "admin" },
    });
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { resourceId: "num_acme_freephone", action: "number.released" },
    });
    expect([audit.actorType, audit.actorId, audit.actorName]).toEqual(["token", token.id, token.name]);
  });

  it("nobody once its creator is gone: each remaining number fails, as the creator's tokens do", async () => {
    const prisma = await getPrisma();
    const created = await post({ type: "lock", number_ids: ["num_acme_on_call"] });
    await prisma.job.update({ where: { id: created.body.data.job_id }, data: { actorUserId: "usr_gone" } });
    expect(await runDueJobs({ now: () => new Date(), leaseMs: LEASE_MS })).toBe(1);
    const done = (await get<One>(`/jobs/${created.body.data.job_id}`, { token: "acmeAll" })).body.data;
    expect(done.counts).toEqual({ total: 1, succeeded: 0, failed: 1, pending: 0 });
    expect(done.items[0].error?.error).toMatchObject({
      code: "unauthorized",
      message: "The job's creator is no longer a member.",
      details: "user_id=usr_gone",
    });
    expect(
      (await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_on_call" } })).locked,
    ).toBe(false);
  });
});
