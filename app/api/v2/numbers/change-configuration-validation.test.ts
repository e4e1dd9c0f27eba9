import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { officeHours, put, read } from "@/app/api/v2/numbers/configuration-fixtures";

// What PUT /numbers/{number_id} refuses (docs/CONTRACT.md §11), each with its exact error body, and
// that a refused change keeps the stored configuration.

const invalid = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_configuration", message, details);

describe("PUT /numbers/{number_id}: validation", () => {
  const rule = officeHours.rules[0];
  const withRule = (patch: Record<string, unknown>) => ({ ...officeHours, rules: [{ ...rule, ...patch }] });
  const withAction = (patch: Record<string, unknown>) => withRule({ action: { ...rule.action, ...patch } });
  const withActivation = (patch: Record<string, unknown>) =>
    withRule({ activations: [{ ...rule.activations[0], ...patch }] });
  const manyRules = Array.from({ length: 51 }, (_, index) => ({
    ...officeHours.rules[1],
    name: `Rule ${index}`,
    priority: index,
  }));

  it.each([
    ["a missing name", { rules: [] }, "name is required", "name: is required"],
    ["a blank name", { name: "  ", rules: [] }, "name must not be empty", "name: must not be empty"],
    [
      "51 rules",
      { name: "x", rules: manyRules },
      "rules must have at most 50 rules",
      "rules: must have at most 50 rules",
    ],
    [
      "an unknown field",
      { ...officeHours, colour: "red" },
      "colour is not a field this configuration has",
      "colour: is not a field this configuration has",
    ],
    [
      "a changed number",
      { ...officeHours, number: "+442000000000" },
      expect.stringMatching(/^number is read-only: it is "\+44\d+" and cannot be changed$/),
      expect.stringMatching(/^number: is read-only/),
    ],
    [
      "duplicate priorities",
      { ...officeHours, rules: [rule, { ...officeHours.rules[1], priority: 1 }] },
      'rules[1].priority must be unique: rule "Office hours" (rules[0]) has priority 1 too',
      'rules[1].priority: must be unique: rule "Office hours" (rules[0]) has priority 1 too',
    ],
    [
      "a timeout of 4 s",
      withAction({ timeout_sec: 4 }),
      "rules[0].action.timeout_sec must be between 5 and 300 seconds",
      "rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    [
      "a timeout of 301 s",
      withAction({ timeout_sec: 301 }),
      "rules[0].action.timeout_sec must be between 5 and 300 seconds",
      "rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    [
      "a destination that is no number",
      withAction({ destination: "12125550100" }),
      "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address",
      "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address",
    ],
    [
      "an invalid phone number",
      withAction({ destination: "+12120000000" }),
      "rules[0].action.destination is not a valid phone number: +12120000000",
      "rules[0].action.destination: is not a valid phone number: +12120000000",
    ],
    [
      "a destination country not offered",
      withAction({ destination: "+5511987654321" }),
      "rules[0].action.destination cannot be used: calls to this number cannot be forwarded to Brazil",
      "rules[0].action.destination: cannot be used: calls to this number cannot be forwarded to Brazil",
    ],
    [
      "an unknown action",
      withAction({ type: "fax" }),
      "rules[0].action.type must be an action whose type is dial, voicemail or hangup",
      "rules[0].action.type: must be an action whose type is dial, voicemail or hangup",
    ],
    [
      "a number too short for E.164",
      withAction({ destination: "+1212" }),
      "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address",
      "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address",
    ],
    [
      "an unknown zone",
      withActivation({ time_zone: "Mars/Olympus" }),
      "rules[0].activations[0].time_zone must be an IANA time zone such as Europe/Berlin",
      "rules[0].activations[0].time_zone: must be an IANA time zone such as Europe/Berlin",
    ],
    [
      "stop before start",
      withActivation({ start: 2000, stop: 1000 }),
      "rules[0].activations[0].stop must be after start",
      "rules[0].activations[0].stop: must be after start",
    ],
    [
      "a 25:00 time",
      withActivation({ stop_time: "25:00" }),
      "rules[0].activations[0].stop_time must be a 24-hour HH:MM time such as 09:30",
      "rules[0].activations[0].stop_time: must be a 24-hour HH:MM time such as 09:30",
    ],
    [
      "21 tags",
      withAction({ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, "v"])) }),
      "rules[0].action.tags must have at most 20 tags",
      "rules[0].action.tags: must have at most 20 tags",
    ],
    [
      "two problems at once",
      { name: "", rules: [{ ...rule, action: { ...rule.action, timeout_sec: 1 } }] },
      "name must not be empty (and 1 more: see details)",
      "name: must not be empty; rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    // A bad shape used to hide the checks past the schema (read-only fields,
    // destinations, priorities); every bad field is named at once.
    [
      "three problems at once, one of the shape and two past it",
      {
        name: "",
        number: "+442000000000",
        rules: [{ ...rule, action: { ...rule.action, destination: "+5511987654321" } }],
      },
      "name must not be empty (and 2 more: see details)",
      expect.stringMatching(
        new RegExp(
          '^name: must not be empty; number: is read-only: it is "\\+44\\d+" and cannot be changed; ' +
            "rules\\[0\\]\\.action\\.destination: cannot be used: calls to this number cannot be forwarded to Brazil$",
        ),
      ),
    ],
    [
      "a bad timeout beside duplicate priorities",
      {
        name: "x",
        rules: [
          rule,
          { ...officeHours.rules[1], priority: 1 },
          { ...rule, priority: 3, action: { ...rule.action, timeout_sec: 1 } },
        ],
      },
      "rules[2].action.timeout_sec must be between 5 and 300 seconds (and 1 more: see details)",
      "rules[2].action.timeout_sec: must be between 5 and 300 seconds; " +
        'rules[1].priority: must be unique: rule "Office hours" (rules[0]) has priority 1 too',
    ],
  ])("answers 400 for %s and keeps the stored configuration", async (_label, body, message, details) => {
    const before = await read("num_acme_main");
    const response = await put("/numbers/num_acme_main", "acmeAll", body, before.etag);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(message as string, details as string));
    expect(await read("num_acme_main")).toEqual(before);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await api("PUT", "/numbers/num_acme_main", {
      token: "acmeAll",
      body: "name=x",
      headers: { "content-type": "text/plain", "if-match": '"num_acme_main.v1"' },
    });
    expect(response.status).toBe(415);
  });
});
