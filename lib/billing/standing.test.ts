import { describe, expect, it } from "vitest";
import {
  assertStandingTransition,
  isStandingTransition,
  releaseAt,
  standingCauses,
  standingReachedBy,
  standings,
  standingsLeavingBy,
  standingTransitions,
  suspensionAt,
  type Standing,
  type StandingCause,
} from "@/lib/billing/standing";

// The standing table written out again: a move added or taken away without this list changing fails.
const allowed: [Standing, StandingCause, Standing][] = [
  ["good_standing", "invoice_overdue", "past_due"],
  ["past_due", "suspension", "suspended"],
  ["past_due", "payment", "good_standing"],
  ["suspended", "payment", "good_standing"],
  ["past_due", "settled", "good_standing"],
  ["suspended", "settled", "good_standing"],
];

describe("a billing account's standing table", () => {
  it("lists exactly the moves of dunning", () => {
    expect(standingTransitions.map(({ from, cause, to }) => [from, cause, to])).toEqual(allowed);
  });

  it("refuses every other move, naming it", () => {
    const every = standings.flatMap((from) =>
      standingCauses.flatMap((cause) => standings.map((to) => [from, cause, to] as const)),
    );
    const refused = every.filter(([f, c, t]) => !allowed.some(([a, b, d]) => a === f && b === c && d === t));
    expect(refused).toHaveLength(3 * 4 * 3 - 6);
    for (const [from, cause, to] of refused) {
      expect(isStandingTransition(from, to, cause)).toBe(false);
      expect(() => assertStandingTransition(from, to, cause)).toThrow(
        `The standing table has no move ${from} → ${to} by ${cause} (lib/billing/standing.ts).`,
      );
    }
    for (const [from, cause, to] of allowed) expect(assertStandingTransition(from, to, cause)).toBe(to);
  });

  it("says what each cause leaves and reaches", () => {
    expect(Object.fromEntries(standingCauses.map((cause) => [cause, standingsLeavingBy(cause)]))).toEqual({
      invoice_overdue: ["good_standing"],
      suspension: ["past_due"],
      payment: ["past_due", "suspended"],
      settled: ["past_due", "suspended"],
    });
    expect(Object.fromEntries(standingCauses.map((cause) => [cause, standingReachedBy(cause)]))).toEqual({
      invoice_overdue: "past_due",
      suspension: "suspended",
      payment: "good_standing",
      settled: "good_standing",
    });
  });

  it("suspends 14 days after past due and releases 30 days after the suspension", () => {
    const since = new Date("2027-01-31T10:00:00.000Z");
    expect(suspensionAt(since).toISOString()).toBe("2027-02-14T10:00:00.000Z");
    expect(releaseAt(since).toISOString()).toBe("2027-03-02T10:00:00.000Z");
  });
});
