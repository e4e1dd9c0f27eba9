import { describe, expect, it } from "vitest";
import {
  boundariesAfter,
  findUnreachableRules,
  previewableRules,
  sampleStepMinutes,
} from "@/lib/numbers/draft-rules";
import type { Activation, Rule } from "@/lib/schemas/numbers/responses";

// The editor's live checks on a draft: which rules can be evaluated, and which can never answer.

const FROM = new Date("2026-05-04T00:00:00Z"); // a Monday
const at = (iso: string) => Date.parse(iso) / 1000;
const window = (patch: Partial<Activation> = {}): Activation => ({
  start: 0,
  stop: null,
  days: [],
  start_time: null,
  stop_time: null,
  time_zone: "UTC",
  ...patch,
});
const rule = (name: string, priority: number, activations: Activation[] = [], disabled = false): Rule => ({
  target_id: null,
  name,
  priority,
  disabled,
  activations,
  action: { type: "voicemail", tags: {} },
});
const weekdays = window({
  days: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  stop_time: "17:00",
});

describe("findUnreachableRules", () => {
  it.each([
    ["nothing for no rules", [], []],
    ["nothing for office hours, then a catch-all", [rule("Office", 1, [weekdays]), rule("Otherwise", 2)], []],
    [
      "a rule after a catch-all",
      [rule("Always", 1), rule("Office", 2, [weekdays])],
      [{ index: 1, kind: "shadowed", by: [0] }],
    ],
    [
      "a catch-all after a catch-all",
      [rule("A", 1), rule("B", 2)],
      [{ index: 1, kind: "shadowed", by: [0] }],
    ],
    [
      "the later of two equal priorities",
      [rule("A", 1), rule("B", 1)],
      [{ index: 1, kind: "shadowed", by: [0] }],
    ],
    [
      "the order of priorities, not of the list",
      [rule("Office", 2, [weekdays]), rule("Always", 1)],
      [{ index: 0, kind: "shadowed", by: [1] }],
    ],
    [
      "nothing when the covering rule is disabled",
      [rule("Always", 1, [], true), rule("Office", 2, [weekdays])],
      [],
    ],
    ["not a disabled rule", [rule("Always", 1), rule("Off", 2, [], true)], []],
    [
      "a rule covered by two others together",
      [
        rule("Mornings", 1, [window({ stop_time: "12:00" })]),
        rule("Afternoons", 2, [window({ start_time: "12:00" })]),
        rule("Office", 3, [weekdays]),
      ],
      [{ index: 2, kind: "shadowed", by: [0, 1] }],
    ],
    [
      "nothing for a rule that wins part of its time",
      [rule("Mornings", 1, [window({ stop_time: "12:00" })]), rule("Office", 2, [weekdays])],
      [],
    ],
    [
      "an expired rule",
      [
        rule("Christmas 2025", 1, [
          window({ start: at("2025-12-24T00:00:00Z"), stop: at("2025-12-27T00:00:00Z") }),
        ]),
        rule("Always", 2),
      ],
      [{ index: 0, kind: "expired" }],
    ],
    [
      "nothing for a rule that starts after the sampled weeks",
      [rule("Next year", 1, [window({ start: at("2027-01-01T00:00:00Z") })])],
      [],
    ],
    [
      "nothing for a rule that wins once a higher one stops",
      [rule("Closure", 1, [window({ stop: at("2026-06-01T00:00:00Z") })]), rule("Always", 2)],
      [],
    ],
    [
      "a rule on an off-quarter window",
      [rule("Always", 1), rule("Short", 2, [window({ start_time: "09:05", stop_time: "09:10" })])],
      [{ index: 1, kind: "shadowed", by: [0] }],
    ],
    [
      "nothing for a short window on its own",
      [rule("Short", 1, [window({ start_time: "09:05", stop_time: "09:10" })]), rule("Always", 2)],
      [],
    ],
  ])("%s", (_label, rules, expected) => {
    expect(findUnreachableRules(rules, FROM)).toEqual(expected);
  });

  it("names the shadowing rules in list order, whichever won first", () => {
    const rules = [
      rule("Afternoons", 2, [window({ start_time: "12:00" })]),
      rule("Mornings", 1, [window({ stop_time: "12:00" })]),
      rule("Office", 3, [weekdays]),
    ];
    expect(findUnreachableRules(rules, FROM)).toEqual([{ index: 2, kind: "shadowed", by: [0, 1] }]);
  });

  it("matches a rule when any one of its activations does", () => {
    const mondayOrTuesday = [window({ days: ["mon"] }), window({ days: ["tue"] })];
    expect(findUnreachableRules([rule("Always", 1), rule("Mon or Tue", 2, mondayOrTuesday)], FROM)).toEqual([
      { index: 1, kind: "shadowed", by: [0] },
    ]);
  });

  // Four weeks at most: from `from`, then from the first three later starts and stops (here a
  // disabled rule's, 15, 30 and 45 minutes on). The last ends one week after 00:45, so rules
  // starting exactly then are never seen: left unjudged, neither shadowed nor expired.
  it("leaves unjudged the rules that start only after the sampled weeks", () => {
    const end = FROM.getTime() / 1000 + 7 * 24 * 3600 + 45 * 60;
    const past = window({ start: at("2025-01-01T00:00:00Z"), stop: at("2025-02-01T00:00:00Z") });
    const rules = [
      rule("Always", 1),
      rule("Soon, for a while", 2, [past, window({ start: end, stop: end + 3600 })]),
      rule("Soon, for good", 3, [window({ start: end })]),
      rule(
        "Steps",
        4,
        [15, 30, 45].map((minutes) => window({ start: FROM.getTime() / 1000 + minutes * 60 })),
        true,
      ),
    ];
    expect(findUnreachableRules(rules, FROM)).toEqual([]);
  });

  it("judges an activation list that has not all expired as reachable", () => {
    const rules = [
      rule("Mixed", 1, [window({ stop: at("2025-01-01T00:00:00Z") }), window({ stop: null, days: ["sat"] })]),
    ];
    expect(findUnreachableRules(rules, FROM)).toEqual([]);
  });

  it("calls a rule expired only when every activation stopped by `from`", () => {
    const stopsAtFrom = [rule("Ends now", 1, [window({ start: 0, stop: FROM.getTime() / 1000 })])];
    expect(findUnreachableRules(stopsAtFrom, FROM)).toEqual([{ index: 0, kind: "expired" }]);
    const stopsLater = [
      rule("Ends later", 1, [
        window({ start: at("2030-01-01T00:00:00Z"), stop: at("2030-01-02T00:00:00Z") }),
      ]),
    ];
    expect(findUnreachableRules(stopsLater, FROM)).toEqual([]);
  });
});

describe("sampleStepMinutes", () => {
  it.each([
    [[], 15],
    [[rule("A", 1, [window({ start_time: "09:15", stop_time: "17:45" })])], 15],
    [[rule("A", 1, [window({ start_time: "09:05" })])], 5],
    [[rule("A", 1, [window({ stop_time: "17:01" })])], 5],
    [[rule("A", 1, [window()]), rule("B", 2, [window({ stop_time: "00:10" })])], 5],
  ])("%#: %i minutes", (rules, minutes) => {
    expect(sampleStepMinutes(rules)).toBe(minutes);
  });
});

describe("boundariesAfter", () => {
  it("lists later starts and stops once, in order", () => {
    const rules = [
      rule("A", 1, [window({ start: 100, stop: 300 }), window({ start: 200, stop: 300 })]),
      rule("B", 2, [window({ start: 50, stop: null })]),
    ];
    expect(boundariesAfter(rules, 100_000)).toEqual([200_000, 300_000]);
    expect(boundariesAfter(rules, 99_999)).toEqual([100_000, 200_000, 300_000]);
  });

  it("counts no boundary for an activation without a stop, even before 1970", () => {
    expect(boundariesAfter([rule("A", 1, [window({ start: 10, stop: null })])], -1000)).toEqual([10_000]);
  });
});

describe("previewableRules", () => {
  it("keeps the rules that parse, with their place in the draft", () => {
    const draft = [
      { name: "A", priority: 1, action: { type: "hangup" } },
      { name: "", priority: 2, action: { type: "hangup" } },
      { name: "C", priority: 3, action: { type: "voicemail" } },
    ];
    expect(previewableRules(draft)).toEqual([
      {
        index: 0,
        rule: {
          target_id: null,
          name: "A",
          priority: 1,
          disabled: false,
          activations: [],
          action: { type: "hangup", tags: {} },
        },
      },
      {
        index: 2,
        rule: {
          target_id: null,
          name: "C",
          priority: 3,
          disabled: false,
          activations: [],
          action: { type: "voicemail", tags: {} },
        },
      },
    ]);
  });
});
