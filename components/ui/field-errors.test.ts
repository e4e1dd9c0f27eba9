import { describe, expect, it } from "vitest";
import { detailPaths, fieldForPath, inWords, serverFieldErrors } from "@/components/ui/field-errors";
import { ApiClientError } from "@/components/hooks/api-fetch";

const refusal = (message: string, details: string, status = 400) =>
  new ApiClientError(status, {
    message: "Bad Request",
    error: { message, details, code: "invalid_parameter" },
  });
const tokenWords: Readonly<Record<string, string>> = {
  name: "The name",
  scopes: "The scopes",
  expires_at: "The expiry date",
};
const hookWords: Readonly<Record<string, string>> = {
  url: "This address",
  events: "The events",
  description: "The description",
};

describe("detailPaths", () => {
  it.each([
    ["body.name=", ["name"]],
    ["body.events.1=order.x", ["events.1"]],
    ["body.rules[2].action.destination=sip:x", ["rules.2.action.destination"]],
    ["body.name=(missing); body.scopes.0=nope", ["name", "scopes.0"]],
    ["query.region=nope", ["region"]],
    ["body={not json", []],
    ["req_0123", []],
  ])("%s → %o", (details, paths) => {
    expect(detailPaths(details)).toEqual(paths);
  });
});

describe("fieldForPath", () => {
  it.each([
    ["name", "name"],
    ["scopes.0", "scopes"],
    ["rules.2.action", "rules.2"],
    ["names", null],
    ["other", null],
  ])("%s belongs to %s", (path, field) => {
    expect(fieldForPath(path, ["name", "scopes", "rules", "rules.2"])).toBe(field);
  });
});

describe("inWords", () => {
  it.each([
    ["name must be 1 to 100 characters", "name", "The name", "The name must be 1 to 100 characters"],
    ["events.1 must be one of …", "events.1", "The events", "The events must be one of …"],
    [
      "expires_at must be in the future",
      "expires_at",
      "The expiry date",
      "The expiry date must be in the future",
    ],
    ["url: Invalid URL", "url", "This address", "Invalid URL"],
    ["only https addresses are accepted", "url", "This address", "Only https addresses are accepted"],
    ["names must differ", "name", "The name", "Names must differ"],
  ])("%s → %s", (message, path, words, said) => {
    expect(inWords(message, path, words)).toBe(said);
  });
});

describe("serverFieldErrors", () => {
  it.each([
    [
      "the token's name",
      refusal("name must be 1 to 100 characters", "body.name=   "),
      tokenWords,
      { fields: { name: "The name must be 1 to 100 characters" }, form: null },
    ],
    [
      "a refused webhook address",
      refusal("url is not allowed: 10.0.0.1 is a private address.", "body.url=http://10.0.0.1/hook"),
      hookWords,
      { fields: { url: "This address is not allowed: 10.0.0.1 is a private address." }, form: null },
    ],
    [
      "a repeated event",
      refusal("events must not repeat a type", "body.events.1=order.created"),
      hookWords,
      { fields: { events: "The events must not repeat a type" }, form: null },
    ],
    [
      "a field the form does not show",
      refusal("unknown body parameter: colour", "body.colour"),
      hookWords,
      { fields: {}, form: "fallback" },
    ],
    [
      "a conflict about no field",
      refusal("You have 10 endpoints already.", "limit=10", 409),
      hookWords,
      { fields: {}, form: "fallback" },
    ],
    ["a lost connection", new ApiClientError(0, null), hookWords, { fields: {}, form: "fallback" }],
    ["not an API error", new Error("boom"), hookWords, { fields: {}, form: "fallback" }],
  ])("%s", (_, error, words, want) => {
    expect(serverFieldErrors(error, words, "fallback")).toEqual(want);
  });
});
