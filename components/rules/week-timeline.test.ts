import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { propertyRuns } from "@/tests/property-runs";
import {
  clock,
  timelineZone,
  weekPosition,
  weekTimeline,
  zonedInstant,
} from "@/components/rules/week-timeline";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import type { Rule } from "@/lib/schemas/numbers/responses";

const epoch = (iso: string) => Date.parse(iso) / 1000;
const rule = (name: string, priority: number, activations: Rule["activations"], disabled = false): Rule => ({
  target_id: null,
  name,
  priority,
  disabled,
  activations,
  action: { type: "voicemail", tags: {} },
});
const window = (
  days: Rule["activations"][number]["days"],
  start: string | null,
  stop: string | null,
  zone = "America/New_York",
) => ({
  start: epoch("2026-01-01T00:00:00Z"),
  stop: null,
  days,
  start_time: start,
  stop_time: stop,
  time_zone: zone,
});

const rules = [
  rule("Office", 1, [window(["mon", "tue", "wed", "thu", "fri"], "09:00", "17:00")]),
  rule("Old", 2, [], true),
  rule("Night", 3, [window([], "22:00", "06:00")]),
  rule("Fallback", 4, []),
];

const spans = (day: ReturnType<typeof weekTimeline>[number]) =>
  day.segments.map(
    (segment) =>
      `${clock(segment.startMinute)}-${clock(segment.endMinute)} ${segment.ruleIndex === null ? "-" : rules[segment.ruleIndex].name}`,
  );

describe("weekTimeline", () => {
  it("draws Monday to Sunday of the week holding the instant, in the zone", () => {
    const days = weekTimeline(rules, new Date("2026-03-11T15:00:00Z"), "America/New_York");
    expect(days.map((day) => `${day.label} ${day.date}`)).toEqual([
      "Monday 9 Mar",
      "Tuesday 10 Mar",
      "Wednesday 11 Mar",
      "Thursday 12 Mar",
      "Friday 13 Mar",
      "Saturday 14 Mar",
      "Sunday 15 Mar",
    ]);
    expect(spans(days[0])).toEqual([
      "00:00-06:00 Night",
      "06:00-09:00 Fallback",
      "09:00-17:00 Office",
      "17:00-22:00 Fallback",
      "22:00-24:00 Night",
    ]);
    expect(spans(days[5])).toEqual(["00:00-06:00 Night", "06:00-22:00 Fallback", "22:00-24:00 Night"]);
  });

  it("keeps wall-clock hours across the spring daylight-saving change (8 Mar 2026 in New York)", () => {
    const days = weekTimeline(rules, new Date("2026-03-05T12:00:00Z"), "America/New_York");
    expect(spans(days[4])).toEqual([
      "00:00-06:00 Night",
      "06:00-09:00 Fallback",
      "09:00-17:00 Office",
      "17:00-22:00 Fallback",
      "22:00-24:00 Night",
    ]);
    expect(days[6].label).toBe("Sunday");
  });

  it("marks hours no rule covers", () => {
    const days = weekTimeline([rules[0]], new Date("2026-03-11T15:00:00Z"), "America/New_York");
    expect(spans(days[2])).toEqual(["00:00-09:00 -", "09:00-17:00 Office", "17:00-24:00 -"]);
  });
});

// Every weekday, not only mid-week: the week is found from the instant's weekday name.
describe("the week holding an instant", () => {
  it.each([
    ["2026-03-09T04:00:00Z", "Monday", 0, 0],
    ["2026-03-10T18:30:00Z", "Tuesday", 1, 14 * 60 + 30],
    ["2026-03-11T15:00:00Z", "Wednesday", 2, 11 * 60],
    ["2026-03-12T15:00:00Z", "Thursday", 3, 11 * 60],
    ["2026-03-13T16:45:00Z", "Friday", 4, 12 * 60 + 45],
    ["2026-03-14T23:00:00Z", "Saturday", 5, 19 * 60],
    ["2026-03-16T03:59:00Z", "Sunday", 6, 23 * 60 + 59],
  ])("%s is %s in New York, the week of Monday 9 Mar", (iso, label, day, minute) => {
    const at = new Date(iso);
    expect(weekPosition(at, "America/New_York")).toEqual({ day, minute });
    const days = weekTimeline([rules[3]], at, "America/New_York");
    expect(days.map((entry) => `${entry.label} ${entry.date}`)).toEqual([
      "Monday 9 Mar",
      "Tuesday 10 Mar",
      "Wednesday 11 Mar",
      "Thursday 12 Mar",
      "Friday 13 Mar",
      "Saturday 14 Mar",
      "Sunday 15 Mar",
    ]);
    expect(days[day].label).toBe(label);
  });

  it("starts a new week at Monday midnight in the zone, not in UTC", () => {
    expect(weekPosition(new Date("2026-03-16T03:59:00Z"), "America/New_York")).toEqual({
      day: 6,
      minute: 23 * 60 + 59,
    });
    expect(weekPosition(new Date("2026-03-16T04:00:00Z"), "America/New_York")).toEqual({ day: 0, minute: 0 });
    expect(weekTimeline([rules[3]], new Date("2026-03-16T04:00:00Z"), "America/New_York")[0].date).toBe(
      "16 Mar",
    );
  });
});

describe("clock and timelineZone", () => {
  it.each([
    [0, "00:00"],
    [5, "00:05"],
    [9 * 60 + 30, "09:30"],
    [24 * 60, "24:00"],
  ])("minute %i is %s", (minute, text) => {
    expect(clock(minute)).toBe(text);
  });

  it("draws in the first activation's zone, else the viewer's", () => {
    expect(
      timelineZone(
        [rules[1], rules[3], rule("Tokyo", 5, [window([], null, null, "Asia/Tokyo")]), rules[0]],
        "Europe/Paris",
      ),
    ).toBe("Asia/Tokyo");
    expect(timelineZone([rules[1], rules[3]], "Europe/Paris")).toBe("Europe/Paris");
  });
});

describe("zonedInstant", () => {
  it.each([
    { zone: "Europe/London", wall: [2026, 3, 10, 9 * 60], iso: "2026-03-10T09:00:00.000Z" },
    { zone: "Europe/London", wall: [2026, 7, 1, 9 * 60], iso: "2026-07-01T08:00:00.000Z" },
    { zone: "America/New_York", wall: [2026, 3, 9, 0], iso: "2026-03-09T04:00:00.000Z" },
    { zone: "Australia/Sydney", wall: [2026, 1, 5, 17 * 60], iso: "2026-01-05T06:00:00.000Z" },
  ] as const)("$zone $wall → $iso", ({ zone, wall, iso }) => {
    expect(zonedInstant(wall[0], wall[1], wall[2], wall[3], zone).toISOString()).toBe(iso);
  });

  // On the days the clocks change: a skipped wall time is read with the offset before the
  // change, so it lands as far after the gap as it was into it (02:30 in New York is 03:30);
  // a repeated one is its later reading. Around them, every time is the one it names.
  it.each([
    { zone: "America/New_York", wall: [2026, 3, 8, 60 + 59], iso: "2026-03-08T06:59:00.000Z" },
    { zone: "America/New_York", wall: [2026, 3, 8, 2 * 60], iso: "2026-03-08T07:00:00.000Z" },
    { zone: "America/New_York", wall: [2026, 3, 8, 2 * 60 + 30], iso: "2026-03-08T07:30:00.000Z" },
    { zone: "America/New_York", wall: [2026, 3, 8, 3 * 60 + 30], iso: "2026-03-08T07:30:00.000Z" },
    { zone: "America/New_York", wall: [2026, 3, 8, 12 * 60], iso: "2026-03-08T16:00:00.000Z" },
    { zone: "Europe/London", wall: [2026, 3, 29, 30], iso: "2026-03-29T00:30:00.000Z" },
    { zone: "Europe/London", wall: [2026, 3, 29, 90], iso: "2026-03-29T01:30:00.000Z" },
    { zone: "Europe/London", wall: [2026, 3, 29, 2 * 60 + 30], iso: "2026-03-29T01:30:00.000Z" },
    { zone: "Australia/Sydney", wall: [2026, 10, 4, 2 * 60 + 30], iso: "2026-10-03T16:30:00.000Z" },
    { zone: "America/New_York", wall: [2026, 11, 1, 30], iso: "2026-11-01T04:30:00.000Z" },
    { zone: "America/New_York", wall: [2026, 11, 1, 90], iso: "2026-11-01T06:30:00.000Z" },
    { zone: "America/New_York", wall: [2026, 11, 1, 2 * 60 + 30], iso: "2026-11-01T07:30:00.000Z" },
    { zone: "Europe/London", wall: [2026, 10, 25, 30], iso: "2026-10-24T23:30:00.000Z" },
    { zone: "Europe/London", wall: [2026, 10, 25, 90], iso: "2026-10-25T01:30:00.000Z" },
    { zone: "Australia/Sydney", wall: [2026, 4, 5, 2 * 60 + 30], iso: "2026-04-04T16:30:00.000Z" },
  ] as const)("on a change day: $zone $wall → $iso", ({ zone, wall, iso }) => {
    expect(zonedInstant(wall[0], wall[1], wall[2], wall[3], zone).toISOString()).toBe(iso);
  });

  it("agrees with the evaluator slot by slot (property)", () => {
    // Any instant of a drawn week is answered by the rule of the slot it falls in.
    const drawn = new Map<string, ReturnType<typeof weekTimeline>>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 24 * 4 - 1 }),
        fc.constantFrom("America/New_York", "Europe/London", "Australia/Sydney"),
        (slot, zone) => {
          if (!drawn.has(zone)) drawn.set(zone, weekTimeline(rules, new Date("2026-06-10T12:00:00Z"), zone));
          const days = drawn.get(zone) ?? [];
          const day = days[Math.floor(slot / 96)];
          const minute = (slot % 96) * 15;
          const segment = day.segments.find(
            (candidate) => candidate.startMinute <= minute && minute < candidate.endMinute,
          );
          const date = new Date(Date.UTC(2026, 5, 8 + Math.floor(slot / 96)));
          const instant = zonedInstant(
            date.getUTCFullYear(),
            date.getUTCMonth() + 1,
            date.getUTCDate(),
            minute,
            zone,
          );
          const expected = resolveActiveRule(rules, instant).rule;
          return (
            segment !== undefined &&
            segment.ruleIndex === (expected === null ? null : rules.indexOf(expected))
          );
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
