import type { DayCode } from "@/lib/schemas/numbers/fields";
import type { Activation, Rule } from "@/lib/schemas/numbers/responses";

// Which rule handles a call at an instant (docs/CONTRACT.md §8). Pure: no database, no clock.
//
// Semantics, in the order they are checked:
// - rules run by priority, lowest first; equal priorities keep the order they were given in;
// - a disabled rule never handles a call; a rule with no activations always does;
// - an activation matches when start <= instant < stop (epoch seconds, stop null = open-ended),
//   and the local wall-clock time in its time_zone falls in the daily window on an allowed day;
// - the window is [start_time, stop_time): start_time null = 00:00, stop_time null = end of day;
//   a stop before the start crosses midnight, and such a window belongs to the day it starts
//   on (22:00–06:00 on "fri" covers Friday 22:00 to Saturday 06:00);
// - wall-clock time is what Intl reports for the zone, so daylight-saving changes are
//   honoured: a local time skipped in spring never occurs, one repeated in autumn occurs twice.

export type EvaluableRule = Pick<Rule, "name" | "priority" | "disabled" | "activations">;

export type RuleResolution<R extends EvaluableRule> = { rule: R | null; reason: string };

const MINUTES_PER_DAY = 24 * 60;
const weekdayIndex: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const dayCodeOrder: readonly DayCode[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** The first enabled rule, by priority, whose activations let it handle a call at `instant`. */
export function resolveActiveRule<R extends EvaluableRule>(
  rules: readonly R[],
  instant: Date,
): RuleResolution<R> {
  if (rules.length === 0) return { rule: null, reason: "The number has no rules." };
  // Array.prototype.sort is stable, so equal priorities keep their given order.
  const enabled = [...rules].sort((a, b) => a.priority - b.priority).filter((rule) => !rule.disabled);
  if (enabled.length === 0) {
    return {
      rule: null,
      reason:
        rules.length === 1
          ? "The number's only rule is disabled."
          : `All ${rules.length} rules are disabled.`,
    };
  }
  for (const rule of enabled) {
    const label = `Rule "${rule.name}" (priority ${rule.priority}) is the first enabled rule that applies`;
    if (rule.activations.length === 0)
      return { rule, reason: `${label}: it has no activations, so it always applies.` };
    const index = rule.activations.findIndex((activation) => activationMatches(activation, instant));
    if (index >= 0)
      return { rule, reason: `${label}: its activation ${index + 1} matches at ${instant.toISOString()}.` };
  }
  return { rule: null, reason: `No enabled rule's activation matches at ${instant.toISOString()}.` };
}

export function activationMatches(activation: Activation, instant: Date): boolean {
  const ms = instant.getTime();
  if (ms < activation.start * 1000) return false;
  if (activation.stop !== null && ms >= activation.stop * 1000) return false;

  const local = wallClock(instant, activation.time_zone);
  const open = clockMinutes(activation.start_time, 0);
  const close = clockMinutes(activation.stop_time, MINUTES_PER_DAY);
  const allows = (day: number) => activation.days.length === 0 || activation.days.includes(dayCodeOrder[day]);

  if (open < close) return local.minute >= open && local.minute < close && allows(local.day);
  if (open > close) {
    // Crossing midnight: before `close` we are in the window that opened the day before.
    if (local.minute >= open) return allows(local.day);
    if (local.minute < close) return allows((local.day + 6) % 7);
  }
  return false;
}

function clockMinutes(time: string | null, whenNull: number): number {
  if (time === null) return whenNull;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

// Building a DateTimeFormat is far slower than using one; calls share one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Local weekday (0 = Monday) and minute of the day of `instant` in an IANA zone. */
function wallClock(instant: Date, timeZone: string): { day: number; minute: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  // Stryker disable next-line UnaryOperator: en-US formatting always has a weekday part, which overwrites this
  let day = -1;
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(instant)) {
    // Stryker disable next-line UnaryOperator: en-US short weekdays are always one of weekdayIndex's seven names
    if (part.type === "weekday") day = weekdayIndex[part.value] ?? -1;
    else if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
  }
  // Stryker disable next-line StringLiteral: unreachable while Intl names the weekday; kept to fail loudly if it ever does not
  if (day < 0) throw new Error(`Intl gave no weekday for ${instant.toISOString()} in ${timeZone}`);
  return { day, minute: hour * 60 + minute };
}
