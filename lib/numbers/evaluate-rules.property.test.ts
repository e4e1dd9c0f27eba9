import fc from "fast-check";
import { propertyRuns } from "@/tests/property-runs";
import { describe, expect, it } from "vitest";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { activationSchema, type Activation, type Rule } from "@/lib/schemas/numbers/responses";

// ---------------------------------------------------------------- the reference
// Deliberately naive and sharing nothing with the evaluator: the local date comes from
// toLocaleString's text, the weekday from the calendar date, and a window is the set of
// minutes of the week it covers, built one minute at a time from each allowed day.

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const MINUTES_PER_WEEK = 7 * 24 * 60;

function referenceLocalMinuteOfWeek(instant: Date, timeZone: string): number {
  const text = instant.toLocaleString("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const match = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`unexpected local time text: ${text}`);
  const [, day, month, year, hour, minute] = match.map(Number);
  const mondayBased = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return mondayBased * 24 * 60 + hour * 60 + minute;
}

function referenceCoveredMinutes(activation: Activation): Set<number> {
  const toMinutes = (time: string) => Number(time.split(":")[0]) * 60 + Number(time.split(":")[1]);
  const from = activation.start_time === null ? 0 : toMinutes(activation.start_time);
  const to = activation.stop_time === null ? 24 * 60 : toMinutes(activation.stop_time);
  const length = to > from ? to - from : to < from ? to + 24 * 60 - from : 0;
  const covered = new Set<number>();
  DAYS.forEach((code, dayIndex) => {
    if (activation.days.length > 0 && !activation.days.includes(code as Activation["days"][number])) return;
    for (let step = 0; step < length; step++)
      covered.add((dayIndex * 24 * 60 + from + step) % MINUTES_PER_WEEK);
  });
  return covered;
}

function referenceMatches(activation: Activation, instant: Date): boolean {
  const seconds = instant.getTime() / 1000;
  if (seconds < activation.start) return false;
  if (activation.stop !== null && seconds >= activation.stop) return false;
  return referenceCoveredMinutes(activation).has(referenceLocalMinuteOfWeek(instant, activation.time_zone));
}

function referenceActiveRule(rules: Rule[], instant: Date): Rule | null {
  let best: Rule | null = null;
  for (const rule of rules) {
    if (rule.disabled) continue;
    if (
      rule.activations.length > 0 &&
      !rule.activations.some((activation) => referenceMatches(activation, instant))
    )
      continue;
    if (best === null || rule.priority < best.priority) best = rule;
  }
  return best;
}

// ---------------------------------------------------------------- generators

const ZONES = [
  "UTC",
  "America/New_York",
  "Europe/Berlin",
  "Europe/London",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/St_Johns",
  "America/Sao_Paulo",
];
// Daylight-saving switches (UTC) that instants cluster around, so the edges get exercised.
const SWITCHES = [
  "2026-03-08T07:00:00Z",
  "2026-11-01T06:00:00Z",
  "2026-03-29T01:00:00Z",
  "2026-10-25T01:00:00Z",
  "2026-04-05T15:00:00Z",
].map(Date.parse);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const instantArb = fc
  .oneof(
    fc.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2031-01-01T00:00:00Z") }),
    fc
      .tuple(fc.constantFrom(...SWITCHES), fc.integer({ min: -36 * HOUR_MS, max: 36 * HOUR_MS }))
      .map(([at, offset]) => at + offset),
  )
  // Whole seconds and minutes as often as not, so instants land exactly on start, stop and window edges.
  .chain((ms) => fc.constantFrom(ms, ms - (ms % 1000), ms - (ms % 60_000)))
  .map((ms) => new Date(ms));

// Half-hour grid times hit the same boundaries often; any minute keeps the rest covered.
const clockArb = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 0, max: 47 })
    .map((half) => `${String(Math.floor(half / 2)).padStart(2, "0")}:${half % 2 ? "30" : "00"}`),
  fc
    .integer({ min: 0, max: 24 * 60 - 1 })
    .map((m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`),
);

function activationArb(instant: Date): fc.Arbitrary<Activation> {
  const seconds = Math.floor(instant.getTime() / 1000);
  return fc
    .record({
      start: fc.oneof(
        fc.integer({ min: seconds - 60 * 86_400, max: seconds + 86_400 }),
        fc.constant(seconds),
        fc.constant(seconds + 1),
      ),
      stop: fc.oneof(
        fc.constant(null),
        fc.integer({ min: seconds - 86_400, max: seconds + 60 * 86_400 }),
        fc.constant(seconds),
        fc.constant(seconds + 1),
      ),
      days: fc.subarray([...DAYS] as Activation["days"]),
      start_time: clockArb,
      stop_time: clockArb,
      time_zone: fc.constantFrom(...ZONES),
    })
    .filter((activation) => activationSchema.safeParse(activation).success);
}

function rulesArb(instant: Date): fc.Arbitrary<Rule[]> {
  const rule = fc.record({
    target_id: fc.constant(null),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    priority: fc.integer({ min: 0, max: 5 }),
    disabled: fc.boolean(),
    activations: fc.array(activationArb(instant), { maxLength: 3 }),
    action: fc.constant({ type: "hangup" as const, tags: {} }),
  });
  return fc.array(rule, { maxLength: 5 });
}

const scenarioArb = instantArb.chain((instant) => rulesArb(instant).map((rules) => ({ instant, rules })));

describe("resolveActiveRule agrees with the minute-by-minute reference", () => {
  it("on random rule sets and instants", () => {
    fc.assert(
      fc.property(scenarioArb, ({ instant, rules }) => {
        expect(resolveActiveRule(rules, instant).rule).toBe(referenceActiveRule(rules, instant));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("on single activations probed across a week around a daylight-saving switch", () => {
    const probe = fc.tuple(fc.constantFrom(...SWITCHES), fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }));
    fc.assert(
      fc.property(
        probe.chain(([at, minutes]) => {
          const instant = new Date(at + minutes * 60_000);
          return activationArb(new Date(at - 7 * DAY_MS)).map((activation) => ({ instant, activation }));
        }),
        ({ instant, activation }) => {
          const rule: Rule = {
            target_id: null,
            name: "r",
            priority: 1,
            disabled: false,
            activations: [activation],
            action: { type: "voicemail", tags: {} },
          };
          expect(resolveActiveRule([rule], instant).rule !== null).toBe(
            referenceMatches(activation, instant),
          );
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });
});
