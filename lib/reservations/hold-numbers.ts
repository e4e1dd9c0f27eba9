import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { forgetInventoryCounts } from "@/lib/inventory/shared-total";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { heldUntilFrom } from "@/lib/reservations/expiry";
import { expireEndedHoldsOf } from "@/lib/reservations/expire-holds";
import type { HoldReason, NotHeld, Reservation, ReservationOutcome } from "@/lib/schemas/reservations";

/** Who holds: always for their own organization; the user is kept so a cart can tell its holds. */
export type Holder = { organizationId: string; userId: string | null };

/**
 * Holds each available number for the organization until now + RESERVATION_MINUTES, renewing
 * its own live holds (docs/CONTRACT.md §12). One transaction: the inventory rows are share-locked in
 * id order first, so a concurrent sale either finished before (the number reads sold) or
 * waits until the hold is committed (and then sees it); the hold itself is one
 * INSERT … ON CONFLICT on number_hold's primary key that takes over a row only when it is
 * this organization's or has ended, so two organizations can never both hold a number.
 * 409 number_unavailable when nothing was held.
 */
export async function holdNumbers(
  holder: Holder,
  requested: string[],
  now: Date,
): Promise<ReservationOutcome> {
  const numbers = [...new Set(requested)];
  const heldUntil = heldUntilFrom(now, getEnv().RESERVATION_MINUTES);
  const { statusOf, held } = await inRetryingTransaction(async (tx) => {
    const stocked = await tx.$queryRaw<Array<{ number_e164: string; status: "available" | "sold" }>>`
      SELECT number_e164, status::text AS status FROM inventory_number
      WHERE number_e164 = ANY(${numbers}::text[]) ORDER BY id FOR SHARE`;
    const statusOf = new Map(stocked.map((row) => [row.number_e164, row.status]));
    // Sorted, so concurrent holds of overlapping lists lock hold rows in one order.
    const available = stocked
      .filter((row) => row.status === "available")
      .map((row) => row.number_e164)
      .sort();
    // An ended hold being replaced is reported first (reservation.expired), or it would be lost.
    await expireEndedHoldsOf(tx, available, now);
    const held =
      available.length === 0
        ? []
        : await tx.$queryRaw<Array<{ number_e164: string; held_until: Date }>>`
            INSERT INTO number_hold AS h (number_e164, organization_id, held_until, user_id, created_at)
            SELECT wanted, ${holder.organizationId}, ${heldUntil}, ${holder.userId}, ${now}
              FROM unnest(${available}::text[]) AS wanted ORDER BY wanted
            ON CONFLICT (number_e164) DO UPDATE
              SET organization_id = EXCLUDED.organization_id, held_until = EXCLUDED.held_until,
                  user_id = EXCLUDED.user_id,
                  created_at = CASE WHEN h.organization_id = EXCLUDED.organization_id AND h.held_until > ${now} THEN h.created_at ELSE EXCLUDED.created_at END
              WHERE h.organization_id = EXCLUDED.organization_id OR h.held_until <= ${now}
            RETURNING h.number_e164, h.held_until`;
    await auditChanges(
      tx,
      held.map((row) => ({
        action: "reservation.placed",
        organizationId: holder.organizationId,
        resource: { type: "reservation", id: row.number_e164 },
        changes: [{ field: "held_until", from: null, to: row.held_until }],
      })),
    );
    return { statusOf, held };
  });
  // A held number leaves other organizations' searches: totals counted before must go.
  if (held.length > 0) forgetInventoryCounts();

  const heldMap = new Map(held.map((row) => [row.number_e164, row.held_until]));
  const outcome: ReservationOutcome = { held: [], not_held: [] };
  for (const number of numbers) {
    const until = heldMap.get(number);
    if (until) outcome.held.push({ number_e164: number, held_until: until.toISOString() });
    else outcome.not_held.push({ number_e164: number, reason: reasonFor(statusOf.get(number)) });
  }
  if (outcome.held.length === 0) throw noneHeld(outcome.not_held);
  return outcome;
}

function reasonFor(status: "available" | "sold" | undefined): HoldReason {
  if (status === undefined) return "not_in_inventory";
  return status === "sold" ? "sold" : "held_by_another";
}

const reasonWords: Record<HoldReason, string> = {
  sold: "sold",
  held_by_another: "held by another organization",
  not_in_inventory: "not in inventory",
};

function noneHeld(notHeld: NotHeld[]): ApiError {
  const listed = notHeld.map((entry) => `${entry.number_e164} (${reasonWords[entry.reason]})`).join(", ");
  return new ApiError(
    "number_unavailable",
    `${notHeld.length === 1 ? "This number could not be held" : "None of these numbers could be held"}: ${listed}.`,
    notHeld.map((entry) => `${entry.number_e164}=${entry.reason}`).join(","),
  );
}

/** The organization's live holds, soonest to end first. Ended rows are not holds, tidied or not. */
export async function listHolds(organizationId: string, now: Date): Promise<Reservation[]> {
  const prisma = await getPrisma();
  const rows = await prisma.numberHold.findMany({
    where: { organizationId, heldUntil: { gt: now } },
    orderBy: [{ heldUntil: "asc" }, { numberE164: "asc" }],
  });
  return rows.map((row) => ({ number_e164: row.numberE164, held_until: row.heldUntil.toISOString() }));
}

/**
 * Releases one of the organization's live holds and answers it as it was. A number the
 * organization does not hold (never did, another organization holds it, or it ended) is 404.
 */
export async function releaseHold(
  organizationId: string,
  numberE164: string,
  now: Date,
): Promise<Reservation> {
  const released = await inRetryingTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ number_e164: string; held_until: Date }>>`
      DELETE FROM number_hold
      WHERE number_e164 = ${numberE164} AND organization_id = ${organizationId} AND held_until > ${now}
      RETURNING number_e164, held_until`;
    if (row)
      await auditChanges(tx, [
        {
          action: "reservation.released",
          organizationId,
          resource: { type: "reservation", id: row.number_e164 },
          changes: [{ field: "held_until", from: row.held_until, to: null }],
        },
      ]);
    return row;
  });
  if (!released)
    throw new ApiError("not_found", `Your organization holds no ${numberE164}.`, `number_e164=${numberE164}`);
  forgetInventoryCounts();
  return { number_e164: released.number_e164, held_until: released.held_until.toISOString() };
}
