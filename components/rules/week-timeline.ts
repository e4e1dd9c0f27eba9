import { resolveActiveRule, type EvaluableRule } from "@/lib/numbers/evaluate-rules";

// Which rule answers when, over one week, computed with the same evaluator as the API.
// The week runs Monday 00:00 to Sunday 24:00 in one time zone (the rules' own, so
// "09:00–17:00 New York time" draws as neat blocks), sampled every SLOT_MINUTES.

const SLOT_MINUTES = 15;
const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;
const DAY_MS = 86_400_000;

type Segment = { startMinute: number; endMinute: number; ruleIndex: number | null };
export type TimelineDay = { label: string; date: string; segments: Segment[] };

type Civil = { year: number; month: number; day: number; weekday: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function civil(instant: Date, timeZone: string): Civil {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far a zone's wall clock is ahead of UTC at `ms` (epoch ms, minute precision). */
function offsetAt(ms: number, timeZone: string): number {
  const seen = civil(new Date(ms), timeZone);
  return Date.UTC(seen.year, seen.month - 1, seen.day) + seen.minute * 60_000 - ms;
}

/**
 * The instant a wall-clock time in a zone names. Where a daylight-saving change repeats the
 * time (autumn), the later reading; where it skips it (spring, 02:30 in New York on 8 Mar
 * 2026), the time read with the offset before the change, i.e. moved on by the gap (03:30).
 * Assumes at most one offset change within a day of the time, as every zone has today.
 */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day) + minute * 60_000;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  // Read with the offset after a change when that reading is real: on a day without a change,
  // after one, and the later of a repeated time. Otherwise the wall time is before the change,
  // or inside the gap, where the offset before it moves the time on by the gap's length.
  const late = wall - after;
  return new Date(offsetAt(late, timeZone) === after ? late : wall - before);
}

/** Monday to Sunday of the week holding `at` in `timeZone`, each day as segments of one rule. */
export function weekTimeline<R extends EvaluableRule>(
  rules: readonly R[],
  at: Date,
  timeZone: string,
): TimelineDay[] {
  const today = civil(at, timeZone);
  const monday = new Date(Date.UTC(today.year, today.month - 1, today.day) - today.weekday * DAY_MS);
  const days: TimelineDay[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = new Date(monday.getTime() + offset * DAY_MS);
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const segments: Segment[] = [];
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const instant = zonedInstant(year, month, day, slot * SLOT_MINUTES, timeZone);
      const { rule } = resolveActiveRule(rules, instant);
      const ruleIndex = rule === null ? null : rules.indexOf(rule);
      const last = segments[segments.length - 1];
      if (last && last.ruleIndex === ruleIndex) last.endMinute += SLOT_MINUTES;
      else
        segments.push({ startMinute: slot * SLOT_MINUTES, endMinute: (slot + 1) * SLOT_MINUTES, ruleIndex });
    }
    days.push({
      label: new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(date),
      date: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
        date,
      ),
      segments,
    });
  }
  return days;
}

/** Where `at` falls in the week: day 0–6 from Monday and minute of the day, in `timeZone`. */
export function weekPosition(at: Date, timeZone: string): { day: number; minute: number } {
  const local = civil(at, timeZone);
  return { day: local.weekday, minute: local.minute };
}

export function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** The zone the timeline is drawn in: the first activation's, else the viewer's own. */
export function timelineZone(rules: readonly EvaluableRule[], fallback: string): string {
  for (const rule of rules) for (const activation of rule.activations) return activation.time_zone;
  return fallback;
}
