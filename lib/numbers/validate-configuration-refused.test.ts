import { describe, expect, it } from "vitest";
import { activation, body, dial, problemsOf, rule } from "@/lib/numbers/validate-configuration-fixtures";

// What the pure validator behind PUT /numbers/{number_id} refuses (docs/CONTRACT.md §11), each
// problem with its exact path and message, so a changed branch or bound fails a row here.

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
