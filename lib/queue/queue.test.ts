import { beforeEach, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { emailQueue } from "@/lib/email/deliver";
import { queueEmail } from "@/lib/email/queue";
import { claimDue, recordOutcome, runQueue, type QueueHandler } from "@/lib/queue/queue";

// The worker's one claim under lease and one outcome record, on a real queue table
// (email_message, whose Queue is lib/email/deliver.ts's). Time is the injected `now`; the
// lease runs out because the clock says so. On PostgreSQL (TEST_DB=postgres) the racing claims
// run on separate pooled connections at once; on PGlite they interleave on one.

const T0 = new Date("2026-11-28T09:00:00.000Z");
const LEASE_MS = 60_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.emailMessage.deleteMany();
});

async function queueMessages(count: number): Promise<string[]> {
  return inRetryingTransaction(async (tx) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index++)
      ids.push(
        await queueEmail(
          tx,
          { to: `person${index}@example.com`, subject: "Hello", text: "Hello.", kind: "verify_email" },
          T0,
        ),
      );
    return ids;
  });
}

async function row(id: string) {
  const prisma = await getPrisma();
  return prisma.emailMessage.findUniqueOrThrow({ where: { id } });
}

type Message = Parameters<typeof emailQueue.failuresSoFar>[0];
function handler(handle: QueueHandler<Message>["handle"]): QueueHandler<Message> {
  return { queue: emailQueue, batch: 20, handle };
}

describe("claimDue", () => {
  it("gives each item to one worker only, however many claim at once", async () => {
    const ids = await queueMessages(40);
    // Eight workers, each asking for up to 10, at the same moment: 80 asked for, 40 exist.
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimDue(emailQueue, { now: T0, leaseMs: LEASE_MS, batch: 10 })),
    );
    const claimed = claims.flat().map((item) => item.id);
    expect(claimed).toHaveLength(40);
    expect(new Set(claimed).size).toBe(40);
    expect([...claimed].sort()).toEqual([...ids].sort());
    // Each row holds the token of the claim that answered it, and the lease's end.
    for (const claim of claims)
      for (const item of claim) {
        const stored = await row(item.id);
        expect([stored.claimToken, stored.lockedUntil]).toEqual([item.claim_token, at(LEASE_MS)]);
      }
    // Nothing more while the leases hold.
    expect(await claimDue(emailQueue, { now: at(LEASE_MS - 1), leaseMs: LEASE_MS, batch: 100 })).toEqual([]);
  });

  it("lets another worker reclaim an item whose lease ran out, and only that claim records", async () => {
    const [id] = await queueMessages(1);
    const [first] = await claimDue(emailQueue, { now: T0, leaseMs: LEASE_MS, batch: 1 });
    expect(first.id).toBe(id);
    expect(first.claim_token).toMatch(/^[^/]+\/\d+\/[0-9a-f-]{36}$/);
    expect(await claimDue(emailQueue, { now: at(LEASE_MS - 1), leaseMs: LEASE_MS, batch: 1 })).toEqual([]);

    const [second] = await claimDue(emailQueue, { now: at(LEASE_MS), leaseMs: LEASE_MS, batch: 1 });
    expect(second.id).toBe(id);
    expect(second.claim_token).not.toBe(first.claim_token);
    expect((await row(id)).lockedUntil).toEqual(at(2 * LEASE_MS));

    // The first worker finishes late: its claim is gone, so it records nothing.
    const late = await inRetryingTransaction((tx) =>
      recordOutcome(tx, emailQueue, first, { type: "done" }, at(LEASE_MS + 1)),
    );
    expect(late).toBe(false);
    const untouched = await row(id);
    expect([untouched.status, untouched.attempts, untouched.claimToken, untouched.sentAt]).toEqual([
      "queued",
      0,
      second.claim_token,
      null,
    ]);

    const current = await inRetryingTransaction((tx) =>
      recordOutcome(tx, emailQueue, second, { type: "done" }, at(LEASE_MS + 2)),
    );
    expect(current).toBe(true);
    const done = await row(id);
    expect([done.status, done.attempts, done.claimToken, done.lockedUntil, done.sentAt]).toEqual([
      "sent",
      1,
      null,
      null,
      at(LEASE_MS + 2),
    ]);
  });

  it("does not claim an item before its next attempt", async () => {
    const [id] = await queueMessages(1);
    const prisma = await getPrisma();
    await prisma.emailMessage.update({ where: { id }, data: { nextAttemptAt: at(5_000) } });
    expect(await claimDue(emailQueue, { now: at(4_999), leaseMs: LEASE_MS, batch: 1 })).toEqual([]);
    expect(
      (await claimDue(emailQueue, { now: at(5_000), leaseMs: LEASE_MS, batch: 1 })).map((item) => item.id),
    ).toEqual([id]);
  });
});

describe("runQueue", () => {
  it("records done, with the time, when the handler answers done", async () => {
    const [id] = await queueMessages(1);
    const seen: string[] = [];
    let clock = 0;
    const ran = await runQueue(
      handler(async (message) => {
        seen.push(message.to);
        clock = 1_500; // the work took 1.5 s of the injected clock
        return { done: true };
      }),
      { now: () => at(clock), leaseMs: LEASE_MS },
    );
    expect([ran, seen]).toEqual([1, ["person0@example.com"]]);
    const done = await row(id);
    expect([
      done.status,
      done.attempts,
      done.sentAt,
      done.lastError,
      done.claimToken,
      done.lockedUntil,
    ]).toEqual(["sent", 1, at(1_500), null, null, null]);
  });

  it("records a retry after the backoff when the handler throws, and gives up after the last delay", async () => {
    const [id] = await queueMessages(1);
    const failing = handler(async () => {
      throw new Error("connection refused");
    });
    await runQueue(failing, { now: () => T0, leaseMs: LEASE_MS });
    const retried = await row(id);
    expect([
      retried.status,
      retried.attempts,
      retried.nextAttemptAt,
      retried.lastError,
      retried.claimToken,
    ]).toEqual(["queued", 1, at(emailQueue.retryDelaysMs[0]), "connection refused", null]);
    // Not due before its next attempt; due at it, and the second failure waits the second delay.
    expect(
      await runQueue(failing, { now: () => at(emailQueue.retryDelaysMs[0] - 1), leaseMs: LEASE_MS }),
    ).toBe(0);
    let clock = emailQueue.retryDelaysMs[0];
    expect(await runQueue(failing, { now: () => at(clock), leaseMs: LEASE_MS })).toBe(1);
    expect((await row(id)).nextAttemptAt).toEqual(at(clock + emailQueue.retryDelaysMs[1]));
    // Every further delay, then the failure past the last one gives up.
    for (let attempt = 2; attempt <= emailQueue.retryDelaysMs.length; attempt++) {
      clock += emailQueue.retryDelaysMs[attempt - 1];
      expect(await runQueue(failing, { now: () => at(clock), leaseMs: LEASE_MS })).toBe(1);
    }
    const failed = await row(id);
    expect([failed.status, failed.attempts, failed.lastError]).toEqual([
      "failed",
      emailQueue.retryDelaysMs.length + 1,
      "connection refused",
    ]);
    expect(await runQueue(failing, { now: () => at(clock + 86_400_000), leaseMs: LEASE_MS })).toBe(0);
  });

  it("records nothing when the lease ran out during the work and another worker holds the item", async () => {
    const [id] = await queueMessages(1);
    let takenOver = "";
    let clock = 0;
    await runQueue(
      handler(async () => {
        // The work outlasts the lease; another worker claims the item meanwhile.
        clock = LEASE_MS;
        const [other] = await claimDue(emailQueue, { now: at(clock), leaseMs: LEASE_MS, batch: 1 });
        takenOver = other.claim_token;
        return { done: true };
      }),
      { now: () => at(clock), leaseMs: LEASE_MS },
    );
    const stored = await row(id);
    expect([stored.status, stored.attempts, stored.claimToken, stored.sentAt]).toEqual([
      "queued",
      0,
      takenOver,
      null,
    ]);
  });
});
