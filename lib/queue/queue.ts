import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";

// The worker's one claim-under-lease and one outcome record, for every table that is a queue
// (webhook_delivery, email_message, job). A table describes itself once (`Queue`): which
// statuses wait, whether rows are scheduled (next_attempt_at), what each outcome writes. Then:
//
// - `claimDue` takes up to a batch of due rows with SELECT … FOR UPDATE SKIP LOCKED and sets
//   a lease on them (locked_until, and a claim_token naming this process), so two instances
//   never hold one row at a time, and a crashed instance's claim runs out by itself;
// - `recordOutcome` writes done, retry at a time, or give up, only while the claim still holds
//   (the row's claim_token is still ours, its status still a claimed one): a claim that ran
//   out and was taken by another instance, or a row deleted or canceled meanwhile, records
//   nothing;
// - `runQueue` is the two with a handler between them: claim, handle each row, record what
//   the handler answered, or a retry after the table's backoff when it threw.
//
// At least once: a crash after the work and before the record does the work again after the
// lease. The tables keep their own columns (the API reads them); one `work_item` table would
// have meant a second copy of each row's state or a migration of three live queues.

/** A table that is a queue, as the claim and the outcome record read and write it. */
export type Queue<Row> = {
  /** For logs and the handler registry. */
  name: string;
  table: "webhook_delivery" | "email_message" | "job";
  /** Statuses of rows that wait for the worker. */
  waiting: readonly string[];
  /** The status a claim sets, when claiming changes it (a job becomes running). */
  claimedStatus?: string;
  /** Rows wait for their next_attempt_at; else every waiting row is due at once. */
  scheduled: boolean;
  /** Whether a finished row's next_attempt_at becomes NULL (it is NOT NULL on some tables). */
  clearsNextAttempt?: boolean;
  /** Oldest first by this column, then id. */
  order: "next_attempt_at" | "created_at";
  /** The status each outcome writes. */
  statuses: { done: string; retry: string; gaveUp: string };
  /** The column counting recorded attempts, if the table counts them. */
  attempts?: "attempts" | "attempt_count";
  /** The column the last failure's message goes to (cut to 1,000 characters), if any. */
  lastError?: "last_error";
  /** The column set to the time of a done outcome, if any. */
  doneAt?: "sent_at" | "completed_at";
  /** Delays after the 1st, 2nd… failure; a failure past the list gives up. */
  retryDelaysMs: readonly number[];
  /** How many failures the row has had so far in its current round of attempts. */
  failuresSoFar: (row: Row) => number;
};

/** A claimed row: its columns (snake_case, as the table has them) and the claim's token. */
export type Claimed<Row> = Row & { id: string; claim_token: string };

export type Outcome = { type: "done" } | { type: "retry"; at: Date } | { type: "give_up" };

/** What a handler answers for one row: done, or failed (its message), which the backoff turns into an outcome. */
export type Handled = { done: true } | { done: false; error: string | null };
/** A handler that threw: a failure with the thrown message. */
type Thrown = { done: false; error: string; thrown: true };

/** A handler of one queue's rows: the work for one claimed row. */
export type QueueHandler<Row, Result extends Handled = Handled> = {
  queue: Queue<Row>;
  /** Rows claimed per pass. */
  batch: number;
  /** Does the work; a throw is a failure with the thrown message. */
  handle: (row: Claimed<Row>) => Promise<Result>;
  /** Writes more in the outcome's transaction when the claim still held (an attempt's log row). */
  also?: (tx: Tx, row: Claimed<Row>, handled: Result | Thrown) => Promise<void>;
  /** Counts a recorded outcome, after its commit ("retrying", or the status written). */
  count?: (outcome: string) => void;
};

export type QueueOptions = { now: () => Date; leaseMs: number; batch?: number };

/** A token naming the process that holds a lease (host/pid/random): operators and tests/cluster read it; only its equality counts. */
function claimToken(): string {
  return `${hostname()}/${process.pid}/${randomUUID()}`;
}

// Table, column and status names come from the Queue constants above, never from input.
const NAME = /^[a-z_]+$/;
function name(value: string): Prisma.Sql {
  if (!NAME.test(value)) throw new Error(`not a column or status name: ${value}`);
  return Prisma.raw(value);
}
function literal(value: string): Prisma.Sql {
  if (!NAME.test(value)) throw new Error(`not a status: ${value}`);
  return Prisma.raw(`'${value}'`);
}

/** Claims up to `batch` due rows under a lease until now + leaseMs; answers them with the claim's token. */
export async function claimDue<Row>(
  queue: Queue<Row>,
  { now, leaseMs, batch }: { now: Date; leaseMs: number; batch: number },
  token: string = claimToken(),
): Promise<Claimed<Row>[]> {
  const prisma = await getPrisma();
  const table = name(queue.table);
  const waiting = Prisma.join(queue.waiting.map(literal));
  const due = queue.scheduled ? Prisma.sql`AND next_attempt_at <= ${now}` : Prisma.empty;
  const status = queue.claimedStatus ? Prisma.sql`, status = ${literal(queue.claimedStatus)}` : Prisma.empty;
  return prisma.$queryRaw<Claimed<Row>[]>`
    UPDATE ${table} q
       SET locked_until = ${new Date(now.getTime() + leaseMs)}, claim_token = ${token} ${status}
      FROM (SELECT id FROM ${table}
             WHERE status IN (${waiting}) ${due}
               AND (locked_until IS NULL OR locked_until <= ${now})
             ORDER BY ${name(queue.order)}, id
             LIMIT ${batch}
             FOR UPDATE SKIP LOCKED) due
     WHERE q.id = due.id
    RETURNING q.*`;
}

/** A failure's outcome after the table's backoff: a retry after the next delay, or give up past the last. */
function backoff<Row>(queue: Queue<Row>, row: Row, now: Date): Outcome {
  const delay = queue.retryDelaysMs[queue.failuresSoFar(row)];
  return delay === undefined ? { type: "give_up" } : { type: "retry", at: new Date(now.getTime() + delay) };
}

/**
 * Records an outcome and ends the claim, in `db`'s transaction, if the claim still holds.
 * Answers whether it did. `error` is the failure's message (null on done).
 */
export async function recordOutcome<Row>(
  db: Tx,
  queue: Queue<Row>,
  claimed: { id: string; claim_token: string },
  outcome: Outcome,
  now: Date,
  error: string | null = null,
): Promise<boolean> {
  const status = statusOf(queue, outcome);
  const set: Prisma.Sql[] = [Prisma.sql`status = ${literal(status)}`];
  if (queue.attempts) set.push(Prisma.sql`${name(queue.attempts)} = ${name(queue.attempts)} + 1`);
  if (outcome.type === "retry" && queue.scheduled) set.push(Prisma.sql`next_attempt_at = ${outcome.at}`);
  else if (queue.clearsNextAttempt) set.push(Prisma.sql`next_attempt_at = NULL`);
  if (queue.lastError)
    set.push(Prisma.sql`${name(queue.lastError)} = ${error === null ? null : error.slice(0, 1000)}`);
  if (queue.doneAt) set.push(Prisma.sql`${name(queue.doneAt)} = ${outcome.type === "done" ? now : null}`);
  const updated = await db.$executeRaw`
    UPDATE ${name(queue.table)}
       SET ${Prisma.join(set)}, locked_until = NULL, claim_token = NULL
     WHERE id = ${claimed.id} AND claim_token = ${claimed.claim_token}
       AND status IN (${Prisma.join(claimedStatuses(queue).map(literal))})`;
  return updated > 0;
}

/** The statuses a claimed row has: its waiting ones, and the one claiming sets (a job canceled meanwhile has neither). */
function claimedStatuses<Row>(queue: Queue<Row>): string[] {
  return [...new Set([...queue.waiting, ...(queue.claimedStatus ? [queue.claimedStatus] : [])])];
}

function statusOf<Row>(queue: Queue<Row>, outcome: Outcome): string {
  return { done: queue.statuses.done, retry: queue.statuses.retry, give_up: queue.statuses.gaveUp }[
    outcome.type
  ];
}

/** One pass over a queue: claims due rows, handles each, records each outcome. Answers how many it claimed. */
export async function runQueue<Row, Result extends Handled>(
  handler: QueueHandler<Row, Result>,
  options: QueueOptions,
): Promise<number> {
  const { queue } = handler;
  const claimed = await claimDue(queue, {
    now: options.now(),
    leaseMs: options.leaseMs,
    batch: options.batch ?? handler.batch,
  });
  await Promise.all(
    claimed.map(async (row) => {
      let handled: Result | Thrown;
      try {
        handled = await handler.handle(row);
      } catch (caught) {
        handled = {
          done: false,
          error: caught instanceof Error ? caught.message : String(caught),
          thrown: true,
        };
      }
      const now = options.now();
      const outcome: Outcome = handled.done ? { type: "done" } : backoff(queue, row, now);
      const recorded = await inRetryingTransaction(async (tx) => {
        if (!(await recordOutcome(tx, queue, row, outcome, now, handled.done ? null : handled.error)))
          return false;
        await handler.also?.(tx, row, handled);
        return true;
      });
      if (recorded) handler.count?.(outcome.type === "retry" ? "retrying" : statusOf(queue, outcome));
    }),
  );
  return claimed.length;
}
