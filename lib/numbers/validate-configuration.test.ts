import { describe, expect, it } from "vitest";
import {
  destinationProblem,
  formatPath,
  ruleProblems,
  toPolicy,
  validateConfiguration,
  type DestinationPolicy,
  type ReadOnlyFields,
} from "@/lib/numbers/validate-configuration";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { ApiError } from "@/lib/errors";

// The pure validator behind PUT /numbers/{number_id} and the editor: every rule of docs/CONTRACT.md §11
// with the exact path and message, so a changed branch or bound fails a row here.

const stored: ReadOnlyFields = {
  number_id: "num_x",
  organization_id: "org_x",
  number: "+442079460000",
  country_code: "44",
  local_format: "020 7946 0000",
  number_type: "local",
  region: { id: "GB-LND-LONDON-20", name: "London" },
  status: "active",
  purchased_at: "2026-01-02T03:04:05.000Z",
  restorable_until: null,
  documents_due: null,
};
const policy: DestinationPolicy = { countries: ["GB", "US"], sip: true, voicemail: true };

const dial = (patch: Record<string, unknown> = {}) => ({
  type: "dial",
  destination: "+12125550100",
  timeout_sec: 30,
  caller_id: "caller_number",
  tags: {},
  ...patch,
});
const activation = (patch: Record<string, unknown> = {}) => ({
  start: 0,
  stop: null,
  days: [],
  start_time: "09:00",
  stop_time: "17:00",
  time_zone: "Europe/London",
  ...patch,
});
const rule = (patch: Record<string, unknown> = {}) => ({
  target_id: null,
  name: "R",
  priority: 1,
  disabled: false,
  activations: [],
  action: dial(),
  ...patch,
});
const body = (rules: unknown[], patch: Record<string, unknown> = {}) => ({ name: "Main", rules, ...patch });

function problemsOf(input: unknown, withPolicy: DestinationPolicy = policy) {
  const result = validateConfiguration(input, stored, withPolicy);
  return result.ok ? [] : result.problems.map((problem) => `${problem.path} ${problem.message}`);
}

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

describe("validateConfiguration: refused, each problem by path", () => {
  it.each([
    ["not an object", 5, ["body must be an object"]],
    ["null", null, ["body must be an object"]],
    ["an array", [], ["body must be an object"]],
    ["no name", { rules: [] }, ["name is required"]],
    ["no rules", { name: "x" }, ["rules is required"]],
    ["rules not a list", { name: "x", rules: {} }, ["rules must be a list of rules"]],
    ["a name that is a number", { name: 5, rules: [] }, ["name must be a name"]],
    ["an empty name", { name: "", rules: [] }, ["name must not be empty"]],
    ["a blank name", { name: " \t", rules: [] }, ["name must not be empty"]],
    [
      "a name of 101 characters",
      { name: "n".repeat(101), rules: [] },
      ["name must be at most 100 characters"],
    ],
    [
      "an unknown field",
      { name: "x", rules: [], extra: 1, more: 2 },
      ["extra is not a field this configuration has", "more is not a field this configuration has"],
    ],
    [
      "51 rules",
      body(Array.from({ length: 51 }, (_, priority) => rule({ priority }))),
      ["rules must have at most 50 rules"],
    ],
    ["a rule that is no object", body(["x"]), ["rules[0] must be an object"]],
    [
      "a rule without name and priority",
      body([{ action: dial() }]),
      ["rules[0].name is required", "rules[0].priority is required"],
    ],
    [
      "a rule name of 101 characters",
      body([rule({ name: "r".repeat(101) })]),
      ["rules[0].name must be at most 100 characters"],
    ],
    [
      "a target_id of 201 characters",
      body([rule({ target_id: "t".repeat(201) })]),
      ["rules[0].target_id must be at most 200 characters"],
    ],
    [
      "a target_id that is a number",
      body([rule({ target_id: 1 })]),
      ["rules[0].target_id must be a string or null"],
    ],
    ["a fractional priority", body([rule({ priority: 1.5 })]), ["rules[0].priority must be a whole number"]],
    ["a negative priority", body([rule({ priority: -1 })]), ["rules[0].priority must be 0 or more"]],
    [
      "a priority past int32",
      body([rule({ priority: 2147483648 })]),
      ["rules[0].priority must be at most 2147483647"],
    ],
    [
      "a priority given as text",
      body([rule({ priority: "1" })]),
      ["rules[0].priority must be a whole number"],
    ],
    ["disabled as text", body([rule({ disabled: "no" })]), ["rules[0].disabled must be true or false"]],
    ["activations not a list", body([rule({ activations: {} })]), ["rules[0].activations must be a list"]],
    [
      "21 activations",
      body([rule({ activations: Array.from({ length: 21 }, () => activation()) })]),
      ["rules[0].activations must have at most 20 activations"],
    ],
    [
      "an unknown action",
      body([rule({ action: { type: "fax" } })]),
      ["rules[0].action.type must be an action whose type is dial, voicemail or hangup"],
    ],
    [
      "a dial without destination",
      body([rule({ action: { type: "dial" } })]),
      ["rules[0].action.destination is required"],
    ],
    [
      "a destination that is neither",
      body([rule({ action: dial({ destination: "12125550100" }) })]),
      [
        "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address",
      ],
    ],
    [
      "a timeout of 4",
      body([rule({ action: dial({ timeout_sec: 4 }) })]),
      ["rules[0].action.timeout_sec must be between 5 and 300 seconds"],
    ],
    [
      "a timeout of 301",
      body([rule({ action: dial({ timeout_sec: 301 }) })]),
      ["rules[0].action.timeout_sec must be between 5 and 300 seconds"],
    ],
    [
      "a timeout of 5.5",
      body([rule({ action: dial({ timeout_sec: 5.5 }) })]),
      ["rules[0].action.timeout_sec must be a whole number of seconds, 5–300"],
    ],
    [
      "a timeout as text",
      body([rule({ action: dial({ timeout_sec: "30" }) })]),
      ["rules[0].action.timeout_sec must be a whole number of seconds, 5–300"],
    ],
    [
      "an unknown caller id",
      body([rule({ action: dial({ caller_id: "mine" }) })]),
      ["rules[0].action.caller_id must be caller_number or dialed_number"],
    ],
    [
      "a field a voicemail action lacks",
      body([rule({ action: { type: "voicemail", destination: "+12125550100" } })]),
      ["rules[0].action.destination is not a field this configuration has"],
    ],
    [
      "tags that are a list",
      body([rule({ action: dial({ tags: [] }) })]),
      ["rules[0].action.tags must be an object of names and string values"],
    ],
    [
      "a tag value that is a number",
      body([rule({ action: dial({ tags: { a: 1 } }) })]),
      ["rules[0].action.tags.a must be a string"],
    ],
    [
      "21 tags",
      body([
        rule({
          action: dial({ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, "v"])) }),
        }),
      ]),
      ["rules[0].action.tags must have at most 20 tags"],
    ],
    [
      "an empty tag name",
      body([rule({ action: dial({ tags: { "": "v" } }) })]),
      ['rules[0].action.tags[""] must be a tag name of 1 to 64 characters'],
    ],
    [
      "a tag name of 65 characters",
      body([rule({ action: dial({ tags: { ["n".repeat(65)]: "v" } }) })]),
      [`rules[0].action.tags.${"n".repeat(65)} must be a tag name of 1 to 64 characters`],
    ],
    [
      "a tag value of 257 characters",
      body([rule({ action: dial({ tags: { a: "v".repeat(257) } }) })]),
      ["rules[0].action.tags.a must be at most 256 characters"],
    ],
    [
      "an activation that is no object",
      body([rule({ activations: [1] })]),
      ["rules[0].activations[0] must be an object"],
    ],
    [
      "an activation without zone",
      body([rule({ activations: [{ start: 0 }] })]),
      ["rules[0].activations[0].time_zone is required"],
    ],
    [
      "an unknown zone",
      body([rule({ activations: [activation({ time_zone: "Mars/Olympus" })] })]),
      ["rules[0].activations[0].time_zone must be an IANA time zone such as Europe/Berlin"],
    ],
    [
      "an offset for a zone",
      body([rule({ activations: [activation({ time_zone: "+01:00" })] })]),
      ["rules[0].activations[0].time_zone must be an IANA time zone such as Europe/Berlin"],
    ],
    [
      "a zone that is a number",
      body([rule({ activations: [activation({ time_zone: 1 })] })]),
      ["rules[0].activations[0].time_zone must be an IANA time zone such as Europe/Berlin"],
    ],
    [
      "stop equal to start",
      body([rule({ activations: [activation({ start: 100, stop: 100 })] })]),
      ["rules[0].activations[0].stop must be after start"],
    ],
    [
      "stop before start",
      body([rule({ activations: [activation({ start: 100, stop: 99 })] })]),
      ["rules[0].activations[0].stop must be after start"],
    ],
    [
      "a negative start",
      body([rule({ activations: [activation({ start: -1 })] })]),
      ["rules[0].activations[0].start must not be before 1970"],
    ],
    [
      "a start past 9999",
      body([rule({ activations: [activation({ start: 253402300800 })] })]),
      ["rules[0].activations[0].start must not be after the year 9999"],
    ],
    [
      "a fractional start",
      body([rule({ activations: [activation({ start: 1.5 })] })]),
      ["rules[0].activations[0].start must be whole Unix epoch seconds"],
    ],
    [
      "a start as text",
      body([rule({ activations: [activation({ start: "0" })] })]),
      ["rules[0].activations[0].start must be Unix epoch seconds"],
    ],
    [
      "an unknown day",
      body([rule({ activations: [activation({ days: ["monday"] })] })]),
      ["rules[0].activations[0].days[0] must be one of mon tue wed thu fri sat sun"],
    ],
    [
      "a missing day in the list (not an invalid_type issue, yet with no value)",
      body([rule({ activations: [activation({ days: [undefined] })] })]),
      ["rules[0].activations[0].days[0] must be one of mon tue wed thu fri sat sun"],
    ],
    [
      "a day twice",
      body([rule({ activations: [activation({ days: ["mon", "tue", "mon"] })] })]),
      ["rules[0].activations[0].days must not list a day twice"],
    ],
    [
      "days not a list",
      body([rule({ activations: [activation({ days: "mon" })] })]),
      ["rules[0].activations[0].days must be a list of days"],
    ],
    [
      "a 24:00 time",
      body([rule({ activations: [activation({ stop_time: "24:00" })] })]),
      ["rules[0].activations[0].stop_time must be a 24-hour HH:MM time such as 09:30"],
    ],
    [
      "a 9:00 time",
      body([rule({ activations: [activation({ start_time: "9:00" })] })]),
      ["rules[0].activations[0].start_time must be a 24-hour HH:MM time such as 09:30"],
    ],
    [
      "a time that is a number",
      body([rule({ activations: [activation({ start_time: 900 })] })]),
      ["rules[0].activations[0].start_time must be a 24-hour HH:MM time or null"],
    ],
    [
      "equal times",
      body([rule({ activations: [activation({ start_time: "09:00", stop_time: "09:00" })] })]),
      ["rules[0].activations[0].stop_time must differ from start_time: the window would never open"],
    ],
    [
      "a null start with 00:00 stop",
      body([rule({ activations: [activation({ start_time: null, stop_time: "00:00" })] })]),
      ["rules[0].activations[0].stop_time must differ from start_time: the window would never open"],
    ],
    [
      "an unknown activation field",
      body([rule({ activations: [activation({ until: 5 })] })]),
      ["rules[0].activations[0].until is not a field this configuration has"],
    ],
    [
      "problems in two rules",
      body([rule({ name: "" }), rule({ priority: 2, action: dial({ timeout_sec: 1 }) })]),
      ["rules[0].name must not be empty", "rules[1].action.timeout_sec must be between 5 and 300 seconds"],
    ],
  ])("%s", (_label, input, expected) => {
    expect(problemsOf(input)).toEqual(expected);
  });

  it("names a NUL character by path, after the shape is valid", () => {
    expect(
      problemsOf(
        body([rule({ name: "a\u0000b", action: dial({ tags: { "k\u0000": "v", ok: "v\u0000" } }) })], {
          name: "\u0000",
        }),
      ),
    ).toEqual([
      "name must not contain the NUL character (U+0000)",
      "rules[0].name must not contain the NUL character (U+0000)",
      'rules[0].action.tags["k\\u0000"] must not contain the NUL character (U+0000)',
      "rules[0].action.tags.ok must not contain the NUL character (U+0000)",
    ]);
  });
});

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

describe("ETag and If-Match", () => {
  const current = etagFor({ id: "num_x", version: 3 });
  const failure = (header: string | undefined) => {
    try {
      assertIfMatch(header, current);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { code: error.code, message: error.message, details: error.details, etag: error.headers.ETag };
    }
  };

  it("is the id and version, quoted", () => {
    expect(current).toBe('"num_x.v3"');
  });

  const missing = {
    code: "precondition_required",
    message:
      "Send If-Match with the ETag of the configuration you read, so a change made since is not overwritten.",
    details: "header.if-match=(missing)",
    etag: current,
  };
  const star = {
    code: "precondition_required",
    message: 'If-Match must name the ETag you read; "*" would overwrite changes you have not seen.',
    details: "header.if-match=*",
    etag: current,
  };
  const stale = (details: string) => ({
    code: "precondition_failed",
    message:
      "The configuration was changed since you read it; read it again (its current ETag is in the ETag header) and apply your change to it.",
    details,
    etag: current,
  });
  const long = `"${"x".repeat(100)}"`;

  it.each([
    ['"num_x.v3"', null],
    ["num_x.v3", null],
    [' "num_x.v2" , "num_x.v3" ', null],
    ["num_x.v2, num_x.v3", null],
    [undefined, missing],
    ["  ", missing],
    ["*", star],
    ['"a", *', star],
    ['"num_x.v2"', stale('header.if-match="num_x.v2"; current ETag "num_x.v3"')],
    ['W/"num_x.v3"', stale('header.if-match=W/"num_x.v3"; current ETag "num_x.v3"')],
    ['"num_x.v3', stale('header.if-match="num_x.v3; current ETag "num_x.v3"')],
    ['""num_x.v3""', stale('header.if-match=""num_x.v3""; current ETag "num_x.v3"')],
    [long, stale(`header.if-match=${long.slice(0, 80)}; current ETag "num_x.v3"`)],
  ])("If-Match %j → %j", (header, expected) => {
    expect(failure(header)).toEqual(expected);
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
