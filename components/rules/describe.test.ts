import { describe, expect, it } from "vitest";
import {
  describeAction,
  describeActivation,
  describeDays,
  describeMidnightCrossing,
  describeMoment,
  describeNoAnswer,
  describeWindow,
  explainAnswer,
  weekOrder,
  zoneLabel,
} from "@/components/rules/describe";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { dayCodes } from "@/lib/schemas/numbers/fields";
import type { Action, Activation, Rule } from "@/lib/schemas/numbers/responses";

const at = new Date("2026-03-10T10:00:00Z");
const epoch = (iso: string) => Date.parse(iso) / 1000;
const activation = (overrides: Partial<Activation>): Activation => ({
  start: epoch("2026-01-01T00:00:00Z"),
  stop: null,
  days: [],
  start_time: null,
  stop_time: null,
  time_zone: "Europe/London",
  ...overrides,
});

describe("describeDays", () => {
  it.each([
    { days: [], text: "Every day" },
    { days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], text: "Every day" },
    { days: ["mon", "tue", "wed", "thu", "fri"], text: "Mon–Fri" },
    { days: ["fri", "mon", "tue", "wed", "thu"], text: "Mon–Fri" },
    { days: ["sat", "sun"], text: "Sat, Sun" },
    { days: ["mon", "wed", "fri"], text: "Mon, Wed, Fri" },
    { days: ["mon", "tue", "wed", "sat"], text: "Mon–Wed, Sat" },
    { days: ["sun"], text: "Sun" },
  ] as const)("$days → $text", ({ days, text }) => {
    expect(describeDays(days)).toBe(text);
  });
});

describe("describeWindow", () => {
  it.each([
    { start: null, stop: null, text: "all day" },
    { start: "09:00", stop: "17:00", text: "09:00–17:00" },
    { start: "22:00", stop: "06:00", text: "22:00–06:00 (crosses midnight)" },
    { start: "18:00", stop: null, text: "18:00–24:00" },
    { start: null, stop: "08:00", text: "00:00–08:00" },
  ])("$start–$stop → $text", ({ start, stop, text }) => {
    expect(describeWindow(start, stop)).toBe(text);
  });
});

describe("describeMidnightCrossing", () => {
  it.each([
    // The reported case: from 09:00 until 08:00 is 23 hours, not an empty window.
    {
      start: "09:00",
      stop: "08:00",
      text: "This window crosses midnight: from 09:00 until 08:00 the next day.",
    },
    {
      start: "22:00",
      stop: "06:00",
      text: "This window crosses midnight: from 22:00 until 06:00 the next day.",
    },
    {
      start: "23:59",
      stop: "00:00",
      text: "This window crosses midnight: from 23:59 until 00:00 the next day.",
    },
    { start: "09:00", stop: "17:00", text: null },
    { start: "09:00", stop: "09:00", text: null },
    { start: null, stop: "08:00", text: null },
    { start: "22:00", stop: null, text: null },
    { start: null, stop: null, text: null },
  ])("$start–$stop → $text", ({ start, stop, text }) => {
    expect(describeMidnightCrossing(start, stop)).toBe(text);
  });
});

describe("describeActivation", () => {
  it.each([
    {
      name: "office hours",
      activation: activation({
        days: ["mon", "tue", "wed", "thu", "fri"],
        start_time: "09:00",
        stop_time: "17:00",
        time_zone: "America/New_York",
      }),
      text: "Mon–Fri 09:00–17:00, New York time",
    },
    {
      name: "a weekend",
      activation: activation({ days: ["sat", "sun"] }),
      text: "Sat, Sun all day, London time",
    },
    {
      name: "nights",
      activation: activation({ start_time: "22:00", stop_time: "06:00" }),
      text: "Every day 22:00–06:00 (crosses midnight), London time",
    },
    {
      name: "an ended closure",
      activation: activation({ start: epoch("2025-12-24T17:00:00Z"), stop: epoch("2025-12-29T08:00:00Z") }),
      text: "24 Dec 2025, 17:00 to 29 Dec 2025, 08:00, London time (ended)",
    },
    {
      name: "a future closure",
      activation: activation({
        start: epoch("2026-12-24T22:00:00Z"),
        stop: epoch("2026-12-26T14:00:00Z"),
        time_zone: "America/New_York",
      }),
      text: "24 Dec 2026, 17:00 to 26 Dec 2026, 09:00, New York time (not started yet)",
    },
    {
      name: "a bounded weekly window",
      activation: activation({
        start_time: "18:00",
        stop_time: "09:00",
        start: epoch("2026-03-09T07:00:00Z"),
        stop: epoch("2026-03-16T07:00:00Z"),
        time_zone: "America/Los_Angeles",
      }),
      text: "Every day 18:00–09:00 (crosses midnight), Los Angeles time, until 16 Mar 2026, 00:00",
    },
    {
      name: "a weekly window that has not begun",
      activation: activation({ days: ["mon"], start: epoch("2026-05-04T07:00:00Z") }),
      text: "Mon all day, London time, from 4 May 2026, 08:00",
    },
    {
      name: "UTC",
      activation: activation({ time_zone: "UTC", start_time: "00:00", stop_time: "12:00" }),
      text: "Every day 00:00–12:00, UTC",
    },
  ])("$name", ({ activation: value, text }) => {
    expect(describeActivation(value, at)).toBe(text);
  });
});

describe("describeAction", () => {
  it.each<{ action: Action; text: string }>([
    {
      action: {
        type: "dial",
        destination: "+442079460000",
        timeout_sec: 30,
        caller_id: "caller_number",
        tags: {},
      },
      text: "Dial +44 20 7946 0000 for 30 s, show caller's number",
    },
    {
      action: {
        type: "dial",
        destination: "sip:desk@pbx.example",
        timeout_sec: 20,
        caller_id: "dialed_number",
        tags: {},
      },
      text: "Dial sip:desk@pbx.example for 20 s, show the dialled number",
    },
    { action: { type: "voicemail", tags: { mailbox: "main" } }, text: "Send to voicemail" },
    { action: { type: "hangup", tags: {} }, text: "Hang up" },
  ])("$text", ({ action, text }) => {
    expect(describeAction(action)).toBe(text);
  });

  it.each<{ action: Action; text: string | null }>([
    {
      action: {
        type: "dial",
        destination: "+442079460000",
        timeout_sec: 25,
        caller_id: "caller_number",
        tags: {},
      },
      text: "If nobody picks up within 25 s, the call ends unanswered: one rule handles each call, so the rules after it do not take over.",
    },
    { action: { type: "voicemail", tags: {} }, text: null },
    { action: { type: "hangup", tags: {} }, text: null },
  ])("when nobody picks up: $action.type → $text", ({ action, text }) => {
    expect(describeNoAnswer(action)).toBe(text);
  });

  it("names zones as people say them", () => {
    expect([
      zoneLabel("Europe/London"),
      zoneLabel("America/New_York"),
      zoneLabel("Etc/UTC"),
      zoneLabel("Australia/Sydney"),
    ]).toEqual(["London time", "New York time", "UTC", "Sydney time"]);
  });
});

describe("weekOrder", () => {
  it("is the schema's day codes, in their order", () => {
    expect(weekOrder).toEqual(dayCodes);
  });
});

describe("describeMoment", () => {
  it.each([
    // The reported case: Sunday 22:00 in Sydney (daylight time, UTC+11) is 11:00 UTC the same day.
    {
      at: "2026-11-29T11:00:00Z",
      zone: "Australia/Sydney",
      text: "Sun 29 Nov 2026, 22:00 Sydney time · 11:00 UTC",
    },
    // Sunday 22:00 UTC is Monday 09:00 in Sydney: the UTC side names its own day.
    {
      at: "2026-11-29T22:00:00Z",
      zone: "Australia/Sydney",
      text: "Mon 30 Nov 2026, 09:00 Sydney time · Sun 29 Nov 2026, 22:00 UTC",
    },
    {
      at: "2026-03-10T10:00:00Z",
      zone: "Europe/London",
      text: "Tue 10 Mar 2026, 10:00 London time · 10:00 UTC",
    },
    {
      at: "2026-07-10T10:00:00Z",
      zone: "America/New_York",
      text: "Fri 10 Jul 2026, 06:00 New York time · 10:00 UTC",
    },
    { at: "2026-07-10T10:00:00Z", zone: "UTC", text: "Fri 10 Jul 2026, 10:00 UTC" },
  ])("$at in $zone → $text", ({ at, zone, text }) => {
    expect(describeMoment(new Date(at), zone)).toBe(text);
  });
});

describe("explainAnswer", () => {
  const sydney = (overrides: Partial<Activation>) =>
    activation({ time_zone: "Australia/Sydney", ...overrides });
  const rule = (name: string, priority: number, activations: Activation[], disabled = false): Rule => ({
    target_id: null,
    name,
    priority,
    disabled,
    activations,
    action: { type: "voicemail", tags: {} },
  });
  const office = rule("Office hours", 1, [
    sydney({ days: ["mon", "tue", "wed", "thu", "fri"], start_time: "09:00", stop_time: "17:00" }),
  ]);
  const weekend = rule("Weekend", 2, [sydney({ days: ["sat", "sun"] })]);
  const fallback = rule("Voicemail", 3, []);
  const rules = [rule("Old IVR", 0, [], true), office, weekend, fallback];
  const explain = (at: string, list: Rule[] = rules) =>
    explainAnswer(list, resolveActiveRule(list, new Date(at)).rule, new Date(at));

  it.each([
    {
      at: "2026-11-29T11:00:00Z",
      text: "Weekend answers: this time is within Sat, Sun all day, Sydney time. Office hours comes first but does not cover this time.",
    },
    {
      at: "2026-11-29T22:00:00Z",
      text: "Office hours answers: this time is within Mon–Fri 09:00–17:00, Sydney time.",
    },
    {
      at: "2026-11-30T08:00:00Z",
      text: "Voicemail has no time limits, so it takes every call that reaches it. Office hours, Weekend come first but do not cover this time.",
    },
  ])("$at → $text", ({ at, text }) => {
    expect(explain(at)).toBe(text);
  });

  it.each([
    { name: "no rules", list: [], text: "This number has no rules, so calls to it are not answered." },
    {
      name: "every rule off",
      list: [rule("Old IVR", 0, [], true)],
      text: "Every rule is switched off, so calls are not answered.",
    },
    {
      name: "no rule covers the time",
      list: [office],
      text: "None of the switched-on rules covers this time, so calls are not answered.",
    },
  ])("$name → $text", ({ list, text }) => {
    expect(explain("2026-11-29T11:00:00Z", list)).toBe(text);
  });
});
