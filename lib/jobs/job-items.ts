import "server-only";
import { ApiError, type ErrorBody } from "@/lib/errors";
import type { Tx } from "@/lib/db/transaction";

// A job's items as the worker does them (lib/jobs/run-jobs.ts): each is marked done in the
// transaction of the change it records, and only while it is still pending and the job is
// still this worker's claim. A crash before the commit leaves both undone, after it both
// done, so a later claim (once the lease has run out) resumes with the next pending number
// and none is done twice.

export type Claimed = { id: string; claim_token: string };

export type Item = { position: number; numberId: string };

/** What an item records: succeeded, or failed with the error body its single endpoint would answer. */
export type ItemOutcome =
  { position: number; status: "succeeded" } | { position: number; status: "failed"; error: ErrorBody };

/** The claim ran out (another worker has the job now), or the job was canceled: stop, and roll back. */
export class LostClaim extends Error {}

/** The error body an item records: the endpoint's answer, or a 500 naming the number for anything else. */
export function itemError(error: unknown, numberId: string): ErrorBody {
  return error instanceof ApiError
    ? error.toBody()
    : new ApiError("internal_error", "The number could not be changed.", `number_id=${numberId}`).toBody();
}

/** Marks one item in the caller's transaction, if still pending under this claim; else LostClaim rolls it back. */
export function markDone(claimed: Claimed, position: number, now: () => Date) {
  return async (tx: Tx, status: "succeeded" | "failed" = "succeeded", error: unknown = null) => {
    const marked = await tx.$executeRaw`
      UPDATE job_item i SET status = ${status}, error = ${error === null ? null : JSON.stringify(error)}::jsonb, done_at = ${now()}
        FROM job j
       WHERE i.job_id = ${claimed.id} AND i.position = ${position} AND i.status = 'pending'
         AND j.id = i.job_id AND j.claim_token = ${claimed.claim_token}`;
    if (marked === 0) throw new LostClaim("the job's claim ran out or the item was done");
  };
}

/**
 * Locks a batch's items at the start of its transaction, if each is still pending under this
 * claim (else LostClaim): a cancel waits for the batch under way, as it waited for the number
 * under way, and a worker whose claim ran out does none of it.
 */
export async function lockItems(tx: Tx, claimed: Claimed, items: readonly Item[]): Promise<void> {
  const locked = await tx.$queryRaw<Array<{ position: number }>>`
    SELECT i.position FROM job_item i JOIN job j ON j.id = i.job_id
     WHERE i.job_id = ${claimed.id} AND i.position = ANY(${items.map((item) => item.position)}::int[])
       AND i.status = 'pending' AND j.claim_token = ${claimed.claim_token}
     ORDER BY i.position
       FOR UPDATE OF i`;
  if (locked.length !== items.length) throw new LostClaim("the job's claim ran out or its items were done");
}

/** Marks a batch's items in one statement, each as markDone would; LostClaim unless every one was marked. */
export async function markItems(
  tx: Tx,
  claimed: Claimed,
  outcomes: readonly ItemOutcome[],
  now: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  const marked = await tx.$executeRaw`
    UPDATE job_item i SET status = m.status, error = m.error, done_at = ${now}
      FROM job j, unnest(${outcomes.map((outcome) => outcome.position)}::int[],
                         ${outcomes.map((outcome) => outcome.status)}::text[],
                         ${outcomes.map((outcome) => (outcome.status === "failed" ? JSON.stringify(outcome.error) : null))}::jsonb[])
           AS m(position, status, error)
     WHERE i.job_id = ${claimed.id} AND i.position = m.position AND i.status = 'pending'
       AND j.id = i.job_id AND j.claim_token = ${claimed.claim_token}`;
  if (marked !== outcomes.length) throw new LostClaim("the job's claim ran out or an item was done");
}
