import { describe, expect, it } from "vitest";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import type { Activation, Rule } from "@/lib/schemas/numbers/responses";

// Fixed cases of the rule evaluator: each names one behaviour of docs/CONTRACT.md §8. The property
// test beside this file checks random rule sets against an independent reference.

const LONG_AGO = Date.parse("2000-01-01T00:00:00Z") / 1000;

function ruleWith(
  name: string,
  priority: number,
  activations: Array<Partial<Activation>>,
  disabled = false,
): Rule {
  return {
    target_id: null,
    name,
    priority,
    disabled,
    activations: activations.map((a) => ({
      start: LONG_AGO,
      stop: null,
      days: [],
      start_time: null,
      stop_time: null,
      time_zone: "UTC",
      ...a,
    })),
    action: {
      type: "dial",
      destination: "+442079460000",
      timeout_sec: 30,
      caller_id: "caller_number",
      tags: {},
    },
  };
}

const at = (iso: string) => new Date(iso);
const handles = (rule: Rule, iso: string) => resolveActiveRule([rule], at(iso)).rule === rule;

/** How many minutes of a UTC span a rule handles, probing each minute. */
function minutesHandled(rule: Rule, fromIso: string, toIso: string): number {
  let count = 0;
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += 60_000)
    if (resolveActiveRule([rule], new Date(ms)).rule) count++;
  return count;
}

describe("resolveActiveRule: fixed cases", () => {
  it("explains an empty rule list", () => {
    expect(resolveActiveRule([], at("2026-01-01T00:00:00Z"))).toEqual({
      rule: null,
      reason: "The number has no rules.",
    });
  });

  it("skips a disabled top rule", () => {
    const top = ruleWith("Holiday", 1, [], true);
    const next = ruleWith("Office", 2, []);
    expect(resolveActiveRule([top, next], at("2026-05-01T12:00:00Z"))).toEqual({
      rule: next,
      reason:
        'Rule "Office" (priority 2) is the first enabled rule that applies: it has no activations, so it always applies.',
    });
  });

  it("explains when every rule is disabled", () => {
    expect(
      resolveActiveRule([ruleWith("a", 1, [], true), ruleWith("b", 2, [], true)], at("2026-05-01T12:00:00Z")),
    ).toEqual({ rule: null, reason: "All 2 rules are disabled." });
    expect(resolveActiveRule([ruleWith("a", 1, [], true)], at("2026-05-01T12:00:00Z"))).toEqual({
      rule: null,
      reason: "The number's only rule is disabled.",
    });
  });

  it("orders by priority, not by position, and keeps the given order on ties", () => {
    const low = ruleWith("low", 10, []);
    const high = ruleWith("high", 1, []);
    const tieA = ruleWith("tie a", 5, []);
    const tieB = ruleWith("tie b", 5, []);
    expect(resolveActiveRule([low, high], at("2026-05-01T12:00:00Z")).rule).toBe(high);
    expect(resolveActiveRule([low, tieB, tieA], at("2026-05-01T12:00:00Z")).rule).toBe(tieB);
  });

  it("ignores an expired activation and says nothing matched", () => {
    const expired = ruleWith("Launch week", 1, [
      { start: Date.parse("2025-01-01T00:00:00Z") / 1000, stop: Date.parse("2025-01-08T00:00:00Z") / 1000 },
    ]);
    expect(resolveActiveRule([expired], at("2026-05-01T12:00:00Z"))).toEqual({
      rule: null,
      reason: "No enabled rule's activation matches at 2026-05-01T12:00:00.000Z.",
    });
    expect(handles(expired, "2025-01-07T23:59:59.999Z")).toBe(true);
    expect(handles(expired, "2025-01-08T00:00:00Z")).toBe(false);
    expect(handles(expired, "2024-12-31T23:59:59.999Z")).toBe(false);
    expect(handles(expired, "2025-01-01T00:00:00Z")).toBe(true);
  });

  it("keeps an open-ended activation going", () => {
    const open = ruleWith("Forever", 1, [{ start: Date.parse("2026-01-01T00:00:00Z") / 1000, stop: null }]);
    expect(handles(open, "2099-12-31T23:59:00Z")).toBe(true);
    expect(handles(open, "2025-12-31T23:59:59Z")).toBe(false);
  });

  it("matches when any of several activations does, and names it", () => {
    const rule = ruleWith("Split shift", 1, [
      { start_time: "08:00", stop_time: "12:00" },
      { start_time: "14:00", stop_time: "18:00" },
    ]);
    expect(resolveActiveRule([rule], at("2026-05-04T15:00:00Z"))).toEqual({
      rule,
      reason:
        'Rule "Split shift" (priority 1) is the first enabled rule that applies: its activation 2 matches at 2026-05-04T15:00:00.000Z.',
    });
    expect(handles(rule, "2026-05-04T13:00:00Z")).toBe(false);
  });

  it("falls through to a lower-priority rule when the top one's window is closed", () => {
    const office = ruleWith("Office", 1, [
      {
        days: ["mon", "tue", "wed", "thu", "fri"],
        start_time: "09:00",
        stop_time: "17:00",
        time_zone: "Europe/London",
      },
    ]);
    const voicemail = {
      ...ruleWith("After hours", 2, []),
      action: { type: "voicemail" as const, tags: { reason: "closed" } },
    };
    expect(resolveActiveRule([voicemail, office], at("2026-05-04T10:00:00Z")).rule).toBe(office); // Mon 11:00 BST
    expect(resolveActiveRule([voicemail, office], at("2026-05-04T16:00:00Z")).rule).toBe(voicemail); // Mon 17:00 BST
    expect(resolveActiveRule([voicemail, office], at("2026-05-02T10:00:00Z")).rule).toBe(voicemail); // Saturday
  });

  it("filters by the local weekday of the activation's zone", () => {
    const weekend = ruleWith("Weekend", 1, [{ days: ["sat", "sun"], time_zone: "Asia/Tokyo" }]);
    expect(handles(weekend, "2026-03-06T15:00:00Z")).toBe(true); // Sat 00:00 in Tokyo, still Friday in UTC
    expect(handles(weekend, "2026-03-06T14:59:00Z")).toBe(false); // Fri 23:59 in Tokyo
    expect(handles(weekend, "2026-03-08T14:59:00Z")).toBe(true); // Sun 23:59
    expect(handles(weekend, "2026-03-08T15:00:00Z")).toBe(false); // Mon 00:00
  });

  it("gives a window crossing midnight to the day it starts on", () => {
    const night = ruleWith("Friday night", 1, [
      { days: ["fri"], start_time: "22:00", stop_time: "06:00", time_zone: "Europe/London" },
    ]);
    expect(handles(night, "2026-03-06T21:59:00Z")).toBe(false); // Fri 21:59
    expect(handles(night, "2026-03-06T22:00:00Z")).toBe(true); // Fri 22:00
    expect(handles(night, "2026-03-07T05:59:59Z")).toBe(true); // Sat 05:59:59
    expect(handles(night, "2026-03-07T06:00:00Z")).toBe(false); // Sat 06:00
    expect(handles(night, "2026-03-06T03:00:00Z")).toBe(false); // Fri 03:00 belongs to Thursday's window
    expect(handles(night, "2026-03-07T22:30:00Z")).toBe(false); // Sat 22:30
    expect(minutesHandled(night, "2026-03-02T00:00:00Z", "2026-03-09T00:00:00Z")).toBe(8 * 60);
  });

  it("treats a null start_time as midnight and a null stop_time as the end of the day", () => {
    const evening = ruleWith("Evening", 1, [{ start_time: "18:00", stop_time: null }]);
    const morning = ruleWith("Morning", 1, [{ start_time: null, stop_time: "09:00" }]);
    expect(minutesHandled(evening, "2026-05-04T00:00:00Z", "2026-05-05T00:00:00Z")).toBe(6 * 60);
    expect(minutesHandled(morning, "2026-05-04T00:00:00Z", "2026-05-05T00:00:00Z")).toBe(9 * 60);
    expect(handles(evening, "2026-05-04T23:59:59Z")).toBe(true);
    expect(handles(morning, "2026-05-04T09:00:00Z")).toBe(false);
  });

  describe("daylight saving in America/New_York", () => {
    const office = ruleWith("Office", 1, [
      { start_time: "09:00", stop_time: "17:00", time_zone: "America/New_York" },
    ]);
    const twoAm = ruleWith("2 am", 1, [
      { start_time: "02:00", stop_time: "03:00", time_zone: "America/New_York" },
    ]);
    const oneAm = ruleWith("1 am", 1, [
      { start_time: "01:00", stop_time: "02:00", time_zone: "America/New_York" },
    ]);

    it("moves 09:00 from 14:00 UTC to 13:00 UTC across 2026-03-08", () => {
      expect(handles(office, "2026-03-06T14:00:00Z")).toBe(true); // 09:00 EST
      expect(handles(office, "2026-03-06T13:59:00Z")).toBe(false);
      expect(handles(office, "2026-03-09T13:00:00Z")).toBe(true); // 09:00 EDT
      expect(handles(office, "2026-03-09T12:59:00Z")).toBe(false);
      expect(handles(office, "2026-03-09T21:00:00Z")).toBe(false); // 17:00 EDT
    });

    it("never opens a window inside the skipped hour, and opens one in the repeated hour twice", () => {
      expect(minutesHandled(twoAm, "2026-03-08T04:00:00Z", "2026-03-09T04:00:00Z")).toBe(0);
      expect(minutesHandled(twoAm, "2026-03-07T05:00:00Z", "2026-03-08T05:00:00Z")).toBe(60);
      expect(minutesHandled(oneAm, "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z")).toBe(120);
      expect(handles(oneAm, "2026-11-01T05:30:00Z")).toBe(true); // 01:30 EDT
      expect(handles(oneAm, "2026-11-01T06:30:00Z")).toBe(true); // 01:30 EST
      expect(handles(office, "2026-11-02T14:00:00Z")).toBe(true); // 09:00 EST again
      expect(handles(office, "2026-11-02T13:00:00Z")).toBe(false);
    });
  });

  describe("daylight saving in Europe/Berlin", () => {
    const office = ruleWith("Büro", 1, [
      { start_time: "08:00", stop_time: "18:00", time_zone: "Europe/Berlin" },
    ]);
    const twoAm = ruleWith("2 Uhr", 1, [
      { start_time: "02:00", stop_time: "03:00", time_zone: "Europe/Berlin" },
    ]);

    it("moves 08:00 from 07:00 UTC to 06:00 UTC across 2026-03-29", () => {
      expect(handles(office, "2026-03-28T07:00:00Z")).toBe(true); // 08:00 CET
      expect(handles(office, "2026-03-28T06:59:00Z")).toBe(false);
      expect(handles(office, "2026-03-29T06:00:00Z")).toBe(true); // 08:00 CEST
      expect(handles(office, "2026-03-29T05:59:00Z")).toBe(false);
      expect(minutesHandled(twoAm, "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z")).toBe(0);
    });

    it("moves it back on 2026-10-25, where 02:00–03:00 happens twice", () => {
      expect(handles(office, "2026-10-24T06:00:00Z")).toBe(true); // 08:00 CEST
      expect(handles(office, "2026-10-26T06:00:00Z")).toBe(false); // 07:00 CET
      expect(handles(office, "2026-10-26T07:00:00Z")).toBe(true); // 08:00 CET
      expect(minutesHandled(twoAm, "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z")).toBe(120);
    });
  });
});
