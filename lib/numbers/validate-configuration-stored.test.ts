import { describe, expect, it } from "vitest";
import {
  destinationProblem,
  ruleProblems,
  toPolicy,
  validateConfiguration,
} from "@/lib/numbers/validate-configuration";
import { body, dial, policy, problemsOf, rule, stored } from "@/lib/numbers/validate-configuration-fixtures";

// The validator against the stored number (its read-only fields) and its destination policy
// (docs/CONTRACT.md §11): the problems that need more than the body's shape to find.

describe("validateConfiguration: against the stored number", () => {
  it.each([
    ["number_id", "num_y", 'number_id is read-only: it is "num_x" and cannot be changed'],
    ["organization_id", "org_y", 'organization_id is read-only: it is "org_x" and cannot be changed'],
    ["number", "+442079460001", 'number is read-only: it is "+442079460000" and cannot be changed'],
    ["country_code", "1", 'country_code is read-only: it is "44" and cannot be changed'],
    ["local_format", null, 'local_format is read-only: it is "020 7946 0000" and cannot be changed'],
    ["number_type", "mobile", 'number_type is read-only: it is "local" and cannot be changed'],
    [
      "region",
      { id: "GB-LND-LONDON-20", name: "Londres" },
      'region is read-only: it is {"id":"GB-LND-LONDON-20","name":"London"} and cannot be changed',
    ],
    [
      "region",
      { id: "GB-LND-LONDON-20", name: "London", city: "London" },
      'region is read-only: it is {"id":"GB-LND-LONDON-20","name":"London"} and cannot be changed',
    ],
    [
      "region",
      ["GB-LND-LONDON-20"],
      'region is read-only: it is {"id":"GB-LND-LONDON-20","name":"London"} and cannot be changed',
    ],
    [
      "region",
      "GB-LND-LONDON-20",
      'region is read-only: it is {"id":"GB-LND-LONDON-20","name":"London"} and cannot be changed',
    ],
  ])("refuses a changed %s", (key, value, message) => {
    expect(problemsOf(body([], { [key]: value }))).toEqual([message]);
  });

  it.each([
    ["null", null],
    ["only its id", { id: "GB-LND-LONDON-20" }],
  ])("refuses a region given as %s where the number has one", (_label, region) => {
    expect(problemsOf(body([], { region }))).toEqual([
      'region is read-only: it is {"id":"GB-LND-LONDON-20","name":"London"} and cannot be changed',
    ]);
  });

  it("refuses a region given where the number has none", () => {
    const result = validateConfiguration(
      body([], { region: { id: "GB-LND-LONDON-20", name: "London" } }),
      { ...stored, region: null },
      policy,
    );
    expect(result).toEqual({
      ok: false,
      problems: [{ path: "region", message: "is read-only: it is null and cannot be changed" }],
    });
  });

  it("still names read-only fields, NUL characters and shared priorities when the shape is wrong", () => {
    const input = body([rule({ name: "A" }), rule({ name: "B" }), { name: 5 }], {
      name: "Main\u0000",
      number: "+1",
    });
    expect(problemsOf(input)).toEqual([
      "rules[2].name must be a name",
      "rules[2].priority is required",
      "rules[2].action is required",
      "name must not contain the NUL character (U+0000)",
      'number is read-only: it is "+442079460000" and cannot be changed',
      'rules[1].priority must be unique: rule "A" (rules[0]) has priority 1 too',
    ]);
  });

  it("compares the priority and checks the destination of a rule that has a bad field too", () => {
    const input = body([
      rule({ name: "First", disabled: "no" }),
      rule({ name: "Second", action: dial({ timeout_sec: 1 }) }),
      rule({ name: "", priority: 1, action: dial({ destination: "+5511987654321" }) }),
    ]);
    expect(problemsOf(input)).toEqual([
      "rules[0].disabled must be true or false",
      "rules[1].action.timeout_sec must be between 5 and 300 seconds",
      "rules[2].name must not be empty",
      'rules[1].priority must be unique: rule "First" (rules[0]) has priority 1 too',
      'rules[2].priority must be unique: rule "First" (rules[0]) has priority 1 too',
      "rules[2].action.destination cannot be used: calls to this number cannot be forwarded to Brazil",
    ]);
  });

  it("says which rule shares a priority when that rule's name is the bad field", () => {
    expect(problemsOf(body([rule({ name: "" }), rule({ name: "B" })]))).toEqual([
      "rules[0].name must not be empty",
      "rules[1].priority must be unique: rules[0] has priority 1 too",
    ]);
  });

  it("does not walk a name that is not a string when the shape is wrong", () => {
    expect(problemsOf({ name: { "\u0000": "x" }, rules: [] })).toEqual(["name must be a name"]);
  });

  it("reports read-only, priority and destination problems together, in order", () => {
    const rules = [
      rule({ name: "First" }),
      rule({ name: "Second", action: dial({ destination: "+5511987654321" }) }),
      rule({ name: "Third", priority: 3 }),
      rule({ name: "Fourth", priority: 3 }),
    ];
    expect(problemsOf(body(rules, { number: "+1" }))).toEqual([
      'number is read-only: it is "+442079460000" and cannot be changed',
      'rules[1].priority must be unique: rule "First" (rules[0]) has priority 1 too',
      "rules[1].action.destination cannot be used: calls to this number cannot be forwarded to Brazil",
      'rules[3].priority must be unique: rule "Third" (rules[2]) has priority 3 too',
    ]);
  });

  it("refuses voicemail where it is not offered, but not hangup", () => {
    const without = { ...policy, voicemail: false };
    expect(
      problemsOf(
        body([rule({ action: { type: "voicemail" } }), rule({ priority: 2, action: { type: "hangup" } })]),
        without,
      ),
    ).toEqual(["rules[0].action.type cannot be voicemail: voicemail is not offered for this number"]);
  });
});

describe("ruleProblems", () => {
  it("answers nothing for no rules", () => {
    expect(ruleProblems([], "+1", policy)).toEqual([]);
  });
});

describe("destinationProblem", () => {
  it.each([
    ["+12125550100", policy, null],
    ["+442079460001", policy, null],
    ["sip:desk@pbx.example.com", policy, null],
    [
      "sip:desk@pbx.example.com",
      { ...policy, sip: false },
      "must be a phone number: this number cannot forward calls to SIP addresses",
    ],
    ["+12120000000", policy, "is not a valid phone number: +12120000000"],
    ["+1212", policy, "is not a valid phone number: +1212"],
    ["12125550100", policy, "is not a valid phone number: 12125550100"],
    ["+442079460000", policy, "must not be this number itself: the call would ring back here forever"],
    ["+5511987654321", policy, "cannot be used: calls to this number cannot be forwarded to Brazil"],
    [
      "+4930123456",
      { ...policy, countries: [] },
      "cannot be used: calls to this number cannot be forwarded to Germany",
    ],
    [
      "+80012345678",
      policy,
      "cannot be used: calls to this number cannot be forwarded to that numbering plan",
    ],
  ] as const)("%s → %s", (destination, withPolicy, expected) => {
    expect(destinationProblem(destination, stored.number, withPolicy)).toBe(expected);
  });
});

describe("toPolicy", () => {
  it("reads country codes, SIP and VOICEMAIL from destination ids", () => {
    expect(toPolicy(["GB", "US", "SIP", "VOICEMAIL", "XYZ", "gb"])).toEqual({
      countries: ["GB", "US"],
      sip: true,
      voicemail: true,
    });
    expect(toPolicy(["DE"])).toEqual({ countries: ["DE"], sip: false, voicemail: false });
  });
});
