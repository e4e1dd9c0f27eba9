import { describe, expect, it } from "vitest";
import { formatPath, validateConfiguration } from "@/lib/numbers/validate-configuration";
import {
  activation,
  body,
  dial,
  policy,
  problemsOf,
  rule,
  stored,
} from "@/lib/numbers/validate-configuration-fixtures";

// The pure validator behind PUT /numbers/{number_id} and the editor: every rule of docs/CONTRACT.md §11
// with the exact path and message, so a changed branch or bound fails a row here. What it accepts
// is here; what it refuses is in validate-configuration-refused.test.ts, and the checks against
// the stored number and its destination policy in validate-configuration-stored.test.ts.

describe("formatPath", () => {
  it.each([
    [[], "body"],
    [["name"], "name"],
    [["rules", 2, "action", "destination"], "rules[2].action.destination"],
    [["rules", 0, "action", "tags", "a b"], 'rules[0].action.tags["a b"]'],
    [["rules", 0, "action", "tags", ""], 'rules[0].action.tags[""]'],
    [["rules", 0, "action", "tags", "_ok9"], "rules[0].action.tags._ok9"],
    [["rules", 0, "action", "tags", "9x"], 'rules[0].action.tags["9x"]'],
    [[0], "[0]"],
  ] as const)("%j → %s", (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});

describe("validateConfiguration: accepted", () => {
  it("answers the name and rules with defaults filled", () => {
    expect(
      validateConfiguration(
        body([{ name: "A", priority: 0, action: { type: "dial", destination: "sip:a@b.example" } }]),
        stored,
        policy,
      ),
    ).toEqual({
      ok: true,
      value: {
        name: "Main",
        rules: [
          {
            target_id: null,
            name: "A",
            priority: 0,
            disabled: false,
            activations: [],
            action: {
              type: "dial",
              destination: "sip:a@b.example",
              timeout_sec: 30,
              caller_id: "caller_number",
              tags: {},
            },
          },
        ],
      },
    });
  });

  it("fills an activation's defaults", () => {
    const result = validateConfiguration(
      body([rule({ activations: [{ time_zone: "UTC" }] })]),
      stored,
      policy,
    );
    expect(result.ok && result.value.rules[0].activations).toEqual([
      { start: 0, stop: null, days: [], start_time: null, stop_time: null, time_zone: "UTC" },
    ]);
  });

  it.each([
    ["read-only fields equal to the stored ones", body([], { ...stored })],
    [
      "a region equal to the stored one, its keys in another order",
      body([], { region: { name: "London", id: "GB-LND-LONDON-20" } }),
    ],
    [
      "the bounds: timeout 5 and 300, priority 0 and 2147483647",
      body([
        rule({ priority: 0, action: dial({ timeout_sec: 5 }) }),
        rule({ priority: 2147483647, action: dial({ timeout_sec: 300 }) }),
      ]),
    ],
    ["50 rules", body(Array.from({ length: 50 }, (_, priority) => rule({ priority })))],
    ["20 activations", body([rule({ activations: Array.from({ length: 20 }, () => activation()) })])],
    [
      "20 tags, names of 1 and 64 characters, values of 256",
      body([
        rule({
          action: dial({
            tags: {
              ...Object.fromEntries(Array.from({ length: 18 }, (_, i) => [`t${i}`, ""])),
              a: "v".repeat(256),
              ["n".repeat(64)]: "",
            },
          }),
        }),
      ]),
    ],
    ["a name of 100 characters", body([], { name: "n".repeat(100) })],
    [
      "a rule name of 100 characters and a target of 200",
      body([rule({ name: "r".repeat(100), target_id: "t".repeat(200) })]),
    ],
    [
      "a window crossing midnight",
      body([rule({ activations: [activation({ start_time: "22:00", stop_time: "06:00" })] })]),
    ],
    [
      "start_time null and stop_time 23:59",
      body([rule({ activations: [activation({ start_time: null, stop_time: "23:59" })] })]),
    ],
    ["stop one second after start", body([rule({ activations: [activation({ start: 100, stop: 101 })] })])],
    [
      "the last second of 9999",
      body([rule({ activations: [activation({ start: 253402300798, stop: 253402300799 })] })]),
    ],
    [
      "all seven days",
      body([
        rule({ activations: [activation({ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] })] }),
      ]),
    ],
    [
      "voicemail and hangup",
      body([
        rule({ action: { type: "voicemail" } }),
        rule({ priority: 2, action: { type: "hangup", tags: { a: "b" } } }),
      ]),
    ],
    ["dialed_number as caller id", body([rule({ action: dial({ caller_id: "dialed_number" }) })])],
    ["a disabled rule", body([rule({ disabled: true })])],
  ])("accepts %s", (_label, input) => {
    expect(problemsOf(input)).toEqual([]);
  });
});

// docs/CONTRACT.md §16: the number's own lock and tags, and its read-only status and dates.
describe("validateConfiguration: lock and tags", () => {
  it("answers locked and tags as given, tags lower case and each once", () => {
    const result = validateConfiguration(
      body([], { locked: true, tags: ["Sales:EMEA", "sales:emea", "a", "x-_:9"] }),
      stored,
      policy,
    );
    expect(result).toEqual({
      ok: true,
      value: { name: "Main", rules: [], locked: true, tags: ["sales:emea", "a", "x-_:9"] },
    });
  });

  it("leaves locked and tags undefined when absent, so the stored ones stay", () => {
    const result = validateConfiguration(body([]), stored, policy);
    expect(result.ok && "locked" in result.value && result.value.locked).toBe(undefined);
    expect(result.ok && result.value.tags).toBe(undefined);
  });

  it.each([
    ["20 tags of 40 characters", Array.from({ length: 20 }, (_, i) => `${i}`.padStart(40, "t"))],
    ["an empty list", []],
    ["false", false],
  ])("accepts %s", (_label, value) => {
    const input = Array.isArray(value) ? { tags: value } : { locked: value };
    expect(problemsOf(body([], input))).toEqual([]);
  });

  it.each([
    ["21 tags", { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, ["tags must have at most 20 tags"]],
    [
      "a tag of 41 characters",
      { tags: ["t".repeat(41)] },
      ["tags[0] must be 1 to 40 characters of a-z 0-9 - _ : (such as sales:emea)"],
    ],
    [
      "an empty tag",
      { tags: ["ok", ""] },
      ["tags[1] must be 1 to 40 characters of a-z 0-9 - _ : (such as sales:emea)"],
    ],
    [
      "a space and a dot",
      { tags: ["a b", "a.b"] },
      [
        "tags[0] must be 1 to 40 characters of a-z 0-9 - _ : (such as sales:emea)",
        "tags[1] must be 1 to 40 characters of a-z 0-9 - _ : (such as sales:emea)",
      ],
    ],
    ["a number as a tag", { tags: [7] }, ["tags[0] must be a tag: 1 to 40 characters of a-z 0-9 - _ :"]],
    ["tags as a string", { tags: "sales" }, ["tags must be a list of tags"]],
    ["locked as a string", { locked: "yes" }, ["locked must be true or false"]],
    ["status changed", { status: "aging" }, ['status is read-only: it is "active" and cannot be changed']],
    [
      "purchased_at changed",
      { purchased_at: null },
      ['purchased_at is read-only: it is "2026-01-02T03:04:05.000Z" and cannot be changed'],
    ],
    [
      "restorable_until changed",
      { restorable_until: "2026-01-02T03:04:05.000Z" },
      ["restorable_until is read-only: it is null and cannot be changed"],
    ],
  ])("refuses %s", (_label, patch, problems) => {
    expect(problemsOf(body([], patch))).toEqual(problems);
  });

  it("accepts the read-only lifecycle fields sent back as read", () => {
    expect(
      problemsOf(
        body([], { status: "active", purchased_at: "2026-01-02T03:04:05.000Z", restorable_until: null }),
      ),
    ).toEqual([]);
  });
});
