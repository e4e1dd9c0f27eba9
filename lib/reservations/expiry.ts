// When a hold lives and ends (docs/CONTRACT.md §12). Pure functions of the hold and the moment, so
// searches, sales, the cart and tests all agree on one rule: a hold is live strictly before
// its held_until, and absent from that instant on, whether or not a row still says otherwise.

export type Hold = { organizationId: string; heldUntil: Date };

const MINUTE_MS = 60_000;

export function isLive(hold: Pick<Hold, "heldUntil">, now: Date): boolean {
  return hold.heldUntil.getTime() > now.getTime();
}

/** Held by an organization other than `organizationId`, and still live. */
export function isHeldByAnother(hold: Hold | null, organizationId: string, now: Date): boolean {
  return hold !== null && hold.organizationId !== organizationId && isLive(hold, now);
}

/** The end of a hold taken (or renewed) at `now`; whole milliseconds, as the column keeps them. */
export function heldUntilFrom(now: Date, minutes: number): Date {
  return new Date(now.getTime() + Math.round(minutes * MINUTE_MS));
}

/** Whole seconds left, 0 once it has ended: what a countdown shows. */
export function secondsLeft(heldUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((heldUntil.getTime() - now.getTime()) / 1000));
}
