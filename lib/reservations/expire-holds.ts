import "server-only";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { event, recordEvents } from "@/lib/events/record-events";

// reservation.expired (docs/CONTRACT.md §14). A hold ends by itself at held_until: searches and sales
// read held_until, never this sweep (lib/reservations/expiry.ts), so nothing depends on when it
// runs. The sweep only turns ended holds into events: one transaction deletes the ended rows
// and records an event for each, so each ended hold is reported once, even with several
// workers sweeping at once (the second one's DELETE finds the rows gone).

const SWEEP_BATCH = 500;

type EndedHold = { number_e164: string; organization_id: string; held_until: Date };

/** Deletes up to one batch of holds ended by `now`, recording reservation.expired for each. */
export async function expireEndedHolds(now: Date): Promise<number> {
  return inRetryingTransaction(async (tx) => {
    const ended = await tx.$queryRaw<EndedHold[]>`
      DELETE FROM number_hold
       WHERE number_e164 IN (
         SELECT number_e164 FROM number_hold WHERE held_until <= ${now}
          ORDER BY held_until LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
         AND held_until <= ${now}
      RETURNING number_e164, organization_id, held_until`;
    await recordExpired(tx, ended, now);
    return ended.length;
  });
}

/**
 * The same for the ended holds of `numbers` only, in the caller's transaction: holding a
 * number again replaces its ended hold, which must be reported before it is gone.
 */
export async function expireEndedHoldsOf(tx: Tx, numbers: string[], now: Date): Promise<void> {
  if (numbers.length === 0) return;
  const ended = await tx.$queryRaw<EndedHold[]>`
    DELETE FROM number_hold
     WHERE number_e164 IN (
       SELECT number_e164 FROM number_hold WHERE number_e164 = ANY(${numbers}::text[]) AND held_until <= ${now}
        ORDER BY number_e164 FOR UPDATE)
       AND held_until <= ${now}
    RETURNING number_e164, organization_id, held_until`;
  await recordExpired(tx, ended, now);
}

async function recordExpired(tx: Tx, ended: EndedHold[], now: Date): Promise<void> {
  await recordEvents(
    tx,
    ended
      .sort((a, b) => a.held_until.getTime() - b.held_until.getTime())
      .map((hold) =>
        event(hold.organization_id, "reservation.expired", {
          number_e164: hold.number_e164,
          held_until: hold.held_until.toISOString(),
        }),
      ),
    now,
  );
}
