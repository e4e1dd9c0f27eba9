// A billing account's standing, in one table (dunning). Per organization and currency:
//
//   good_standing ──an open invoice unpaid past its due_at──▶ past_due      (the worker, at due_at)
//   past_due ──14 days later──▶ suspended                                    (the worker)
//   past_due | suspended ──a payment or credit clearing what is past due──▶ good_standing
//   past_due | suspended ──nothing past due left (support voided it or wrote it off)──▶ good_standing
//
// 30 days after the suspension the organization's numbers are released (lib/dunning/dunning.ts);
// the standing stays suspended until paid. Every writer asserts its move here and builds its
// conditional UPDATE's `standing IN (…)` from standingsLeavingBy, so two instances never move
// an account twice. Pure: the browser may read it.

export const standings = ["good_standing", "past_due", "suspended"] as const;
export type Standing = (typeof standings)[number];

/** Why an account's standing moves. */
export const standingCauses = ["invoice_overdue", "suspension", "payment", "settled"] as const;
export type StandingCause = (typeof standingCauses)[number];

type StandingTransition = {
  readonly from: Standing;
  readonly to: Standing;
  readonly cause: StandingCause;
  /** support records payments and credits; the worker does the rest. */
  readonly actor: "support" | "system";
};

export const standingTransitions: readonly StandingTransition[] = [
  { from: "good_standing", to: "past_due", cause: "invoice_overdue", actor: "system" },
  { from: "past_due", to: "suspended", cause: "suspension", actor: "system" },
  { from: "past_due", to: "good_standing", cause: "payment", actor: "support" },
  { from: "suspended", to: "good_standing", cause: "payment", actor: "support" },
  { from: "past_due", to: "good_standing", cause: "settled", actor: "system" },
  { from: "suspended", to: "good_standing", cause: "settled", actor: "system" },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A past_due account is suspended this many days after it fell past due. */
export const SUSPEND_AFTER_DAYS = 14;
/** A suspended account's organization has its numbers released this many days after the suspension. */
export const RELEASE_AFTER_DAYS = 30;

/** When a past_due account since `since` is suspended. */
export function suspensionAt(since: Date): Date {
  return new Date(since.getTime() + SUSPEND_AFTER_DAYS * DAY_MS);
}

/** When the numbers of an organization suspended since `since` are released. */
export function releaseAt(since: Date): Date {
  return new Date(since.getTime() + RELEASE_AFTER_DAYS * DAY_MS);
}

/** Whether the table allows `from` → `to` by `cause`. */
export function isStandingTransition(from: Standing, to: Standing, cause: StandingCause): boolean {
  return standingTransitions.some((move) => move.from === from && move.to === to && move.cause === cause);
}

/** Throws (an internal error) unless the table allows the move; answers `to`. */
export function assertStandingTransition<To extends Standing>(
  from: Standing,
  to: To,
  cause: StandingCause,
): To {
  if (!isStandingTransition(from, to, cause))
    throw new Error(`The standing table has no move ${from} → ${to} by ${cause} (lib/billing/standing.ts).`);
  return to;
}

/** The standings `cause` moves an account from, for a conditional UPDATE's `standing IN (…)`. */
export function standingsLeavingBy(cause: StandingCause): Standing[] {
  return standings.filter((standing) =>
    standingTransitions.some((move) => move.cause === cause && move.from === standing),
  );
}

/** Where `cause` takes an account (each cause has one destination). */
export function standingReachedBy(cause: StandingCause): Standing {
  const move = standingTransitions.find((candidate) => candidate.cause === cause);
  if (!move) throw new Error(`No standing move by ${cause}`);
  return move.to;
}
