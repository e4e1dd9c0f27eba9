import { beforeAll, describe, expect, it, vi } from "vitest";
import { getEnv } from "@/lib/env";
import { getPrisma } from "@/lib/db/client";
import { doBatch } from "@/lib/jobs/batch";
import { doEachNumber } from "@/lib/jobs/each-number";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import type { Writer } from "@/lib/numbers/change-configuration";
import { scopes } from "@/lib/schemas/scopes";
import type { JobType } from "@/lib/schemas/jobs";
import type { Prisma } from "@/lib/generated/prisma/client";

// A batch (lib/jobs/batch.ts) writes exactly what the one-number-at-a-time path
// (lib/jobs/each-number.ts, each number through its single endpoint's function) writes: the
// same numbers, history entries, audit entries, events and webhook deliveries, and the same
// item outcomes and error bodies. Each job type runs over the same Acme numbers twice, once
// each way, from the same state (the numbers are put back between the runs); what each run
// added is then compared, its times read as "during the run" (and "a release window after").

// Set while the batch runs: a number it leaves to the single path would show up here.
let batching = false;
let deferredToSinglePath = 0;
vi.mock("@/lib/jobs/each-number", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/jobs/each-number")>();
  return {
    ...original,
    doEachNumber: (...args: Parameters<typeof original.doEachNumber>) => {
      if (batching) deferredToSinglePath += args[2].length;
      return original.doEachNumber(...args);
    },
  };
});

// In the job's order: a number with rules, one being ported in, one with 20 tags already, one
// released (aging), one dialled by an extension's rule, one locked, and one that is gone.
const NUMBERS = [
  "num_acme_main",
  "num_acme_manchester",
  "num_acme_on_call",
  "num_acme_freephone",
  "num_acme_new_york",
  "num_acme_berlin",
  "num_acme_gone",
];
type Snapshot = Awaited<ReturnType<typeof readNumbers>>;
let snapshot: Snapshot;
let adminToken: string;

async function readNumbers() {
  const prisma = await getPrisma();
  return prisma.numberConfiguration.findMany({
    where: { id: { in: NUMBERS } },
    select: {
      id: true,
      version: true,
      tags: true,
      locked: true,
      status: true,
      restorableUntil: true,
      documentsDue: true,
    },
    orderBy: { id: "asc" },
  });
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const update = (id: string, data: Record<string, unknown>) =>
    prisma.numberConfiguration.update({ where: { id }, data });
  const newYork = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_new_york" } });
  await update("num_acme_main", { tags: ["vip"] });
  await update("num_acme_manchester", { status: "porting" });
  await update("num_acme_on_call", { tags: Array.from({ length: 20 }, (_, index) => `tag-${index}`) });
  await update("num_acme_freephone", {
    status: "aging",
    restorableUntil: new Date("2030-03-20T00:00:00Z"),
    tags: ["old", "x"],
  });
  await update("num_acme_berlin", { locked: true, tags: ["old"] });
  await prisma.rule.updateMany({
    where: { configurationId: "num_acme_ext_7001", actionType: "dial" },
    data: { destination: newYork.number },
  });
  await prisma.webhook.create({
    data: {
      id: "wh_batch_equivalence",
      organizationId: "org_acme",
      url: "https://hooks.acme.example/numbers",
      events: ["number.configuration_changed", "number.released"],
      secret: "whsec_batch_equivalence",
    },
  });
  adminToken = (
    await prisma.apiToken.findFirstOrThrow({
      where: { userId: "usr_acme_admin", revokedAt: null },
      orderBy: { createdAt: "asc" },
    })
  ).id;
  snapshot = await readNumbers();
});

async function restore(): Promise<void> {
  const prisma = await getPrisma();
  for (const { id, ...data } of snapshot) await prisma.numberConfiguration.update({ where: { id }, data });
}

type Who = "owner" | "admin token" | "admin token without numbers:release";

function writerOf(who: Who): Writer & { actorUserId: string } {
  if (who === "owner")
    return {
      kind: "session",
      organizationId: "org_acme",
      role: "owner",
      userId: "usr_acme_customer",
      tokenId: null,
      scopes,
      actorUserId: "usr_acme_customer",
    };
  return {
    kind: "token",
    organizationId: "org_acme",
    role: "admin",
    userId: "usr_acme_admin",
    tokenId: adminToken,
    scopes: who === "admin token" ? scopes : scopes.filter((scope) => scope !== "numbers:release"),
    actorUserId: "usr_acme_admin",
  };
}

/** Runs a job over NUMBERS one way, and answers everything it added, without ids and database times. */
async function run(way: "each" | "batch", type: JobType, params: Record<string, unknown>, who: Who) {
  const prisma = await getPrisma();
  await restore();
  const history = (await prisma.configurationChange.aggregate({ _max: { id: true } }))._max.id ?? 0;
  const events = (await prisma.event.aggregate({ _max: { seq: true } }))._max.seq ?? 0n;
  const audits = new Set((await prisma.auditEvent.findMany({ select: { id: true } })).map((row) => row.id));
  const { actorUserId, ...writer } = writerOf(who);
  const job = await prisma.job.create({
    data: {
      id: `job_equivalence_${way}_${type}_${who.replaceAll(" ", "_").replaceAll(":", "_")}`,
      organizationId: "org_acme",
      type,
      params: params as Prisma.InputJsonObject,
      status: "running",
      actorUserId,
      actorTokenId: writer.tokenId,
      actorKind: writer.kind,
      actorScopes: [...(writer.scopes ?? [])],
      claimToken: "equivalence",
      lockedUntil: new Date(Date.now() + 60_000),
      items: { create: NUMBERS.map((numberId, position) => ({ position, numberId })) },
    },
  });
  const claimed = { id: job.id, claim_token: "equivalence" };
  const items = NUMBERS.map((numberId, position) => ({ position, numberId }));
  const now = () => new Date();
  const started = Date.now();
  if (way === "each") expect(await doEachNumber(claimed, { type, params, writer }, items, now)).toBe(true);
  else {
    batching = true;
    try {
      expect(await doBatch(claimed, { type, params, writer, actorUserId }, items, now)).toBe(true);
    } finally {
      batching = false;
    }
  }
  const added = await prisma.event.findMany({ where: { seq: { gt: events } }, orderBy: { seq: "asc" } });
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { eventId: { in: added.map((row) => row.id) } },
    select: { eventId: true, webhookId: true, status: true, nextAttemptAt: true },
  });
  const numbers = await prisma.numberConfiguration.findMany({
    where: { id: { in: NUMBERS } },
    include: configurationInclude,
    orderBy: { id: "asc" },
  });
  return withRunTimes(started, Date.now(), {
    numbers: numbers.map((row) => ({ version: row.version, ...toNumberConfiguration(row) })),
    items: (await prisma.jobItem.findMany({ where: { jobId: job.id }, orderBy: { position: "asc" } })).map(
      (item) => ({ numberId: item.numberId, status: item.status, error: item.error }),
    ),
    history: (
      await prisma.configurationChange.findMany({ where: { id: { gt: history } }, orderBy: { id: "asc" } })
    ).map(({ id: _id, changedAt: _at, ...row }) => row),
    audit: (await prisma.auditEvent.findMany({ where: { action: { startsWith: "number." } } }))
      .filter((row) => !audits.has(row.id))
      .map(({ id: _id, at: _at, ...row }) => row)
      .sort((a, b) => `${a.resourceId} ${a.action}`.localeCompare(`${b.resourceId} ${b.action}`)),
    events: added.map((row) => ({
      organizationId: row.organizationId,
      type: row.type,
      data: row.data,
      createdAt: row.createdAt,
      deliveries: deliveries
        .filter((delivery) => delivery.eventId === row.id)
        .map(({ eventId: _event, ...delivery }) => delivery),
    })),
  });
}

/** `value` with each time between `from` and `to` read as "run", and a release window later as "run + window". */
function withRunTimes<T>(from: number, to: number, value: T): T {
  const window = getEnv().RELEASE_AGING_DAYS * 24 * 60 * 60 * 1000;
  const read = (time: number, original: unknown) =>
    time >= from && time <= to
      ? "run"
      : time >= from + window && time <= to + window
        ? "run + window"
        : original;
  const walk = (inner: unknown): unknown => {
    if (inner instanceof Date) return read(inner.getTime(), inner);
    if (typeof inner === "string" && /^\d{4}-\d\d-\d\dT/.test(inner)) return read(Date.parse(inner), inner);
    if (Array.isArray(inner)) return inner.map(walk);
    if (inner !== null && typeof inner === "object")
      return Object.fromEntries(Object.entries(inner).map(([key, field]) => [key, walk(field)]));
    return inner;
  };
  return walk(value) as T;
}

describe("a batch writes what the one-number-at-a-time path writes", () => {
  it.each([
    ["set_tags", { add: ["vip"], remove: ["old"] }, "owner"],
    ["lock", {}, "admin token"],
    ["lock", {}, "admin token without numbers:release"],
    ["unlock", {}, "owner"],
    ["release", {}, "owner"],
    ["release", { force: true }, "admin token"],
  ] as const)("%s %j by the %s", async (type, params, who) => {
    const each = await run("each", type, params, who);
    deferredToSinglePath = 0;
    const batch = await run("batch", type, params, who);
    expect(deferredToSinglePath).toBe(0);
    expect(batch).toEqual(each);
    // What the scenario is for: some numbers changed, some refused, one gone.
    expect(each.items.map((item) => item.status)).toContain("succeeded");
    expect(each.items.at(-1)?.error).toMatchObject({ error: { code: "not_found" } });
  });
});
