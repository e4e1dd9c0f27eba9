import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseHeaders, parseOrThrow, searchParamsToObject } from "@/lib/api/parse";
import { bodySchema, refusal } from "@/lib/api/parse-fixtures";

// The parser every route's params, query and body go through, without a database: what it
// hands on, and the exact contract error (code, message, details) for what it refuses; the
// refusals of parseOrThrow, each with its error, are in parse-refusals.test.ts.

describe("searchParamsToObject", () => {
  it.each<[string, Record<string, string | string[]>]>([
    ["", {}],
    ["a=1", { a: "1" }],
    ["a=1&b=2", { a: "1", b: "2" }],
    ["a=1&a=2", { a: ["1", "2"] }],
    ["a=1&b=x&a=2&a=3", { a: ["1", "2", "3"], b: "x" }],
    ["a=&a=", { a: ["", ""] }],
  ])("?%s → %j", (query, object) => {
    expect(searchParamsToObject(new URLSearchParams(query))).toEqual(object);
  });
});

describe("parseHeaders", () => {
  const declared = {
    "If-Match": { schema: z.string().min(3, "If-Match must be at least 3 characters") },
    "Idempotency-Key": { schema: z.string().transform((key) => key.toUpperCase()) },
  };

  it("hands on each declared header parsed by its schema, and leaves out an absent one", () => {
    const headers = new Headers({ "if-match": '"a.v1"', "x-other": "ignored" });
    expect(parseHeaders(declared, headers)).toEqual({ "If-Match": '"a.v1"' });
  });

  it("hands on the schema's output for every header given", () => {
    const headers = new Headers({ "If-Match": '"a.v1"', "Idempotency-Key": "k-1" });
    expect(parseHeaders(declared, headers)).toEqual({ "If-Match": '"a.v1"', "Idempotency-Key": "K-1" });
  });

  it("gives an empty object when nothing declared was sent", () => {
    expect(parseHeaders(declared, new Headers())).toEqual({});
    expect(parseHeaders({}, new Headers({ "if-match": "x" }))).toEqual({});
  });

  it("refuses a bad header with its lower-case name and the first 80 characters of its value", () => {
    expect(refusal(() => parseHeaders(declared, new Headers({ "If-Match": "ab" })))).toEqual({
      status: 400,
      code: "invalid_parameter",
      message: "If-Match must be at least 3 characters",
      details: "header.if-match=ab",
    });
    const long = { "If-Match": { schema: z.string().max(3, "If-Match is too long") } };
    const value = `${"x".repeat(80)}TAIL`;
    expect(refusal(() => parseHeaders(long, new Headers({ "If-Match": value })))).toEqual({
      status: 400,
      code: "invalid_parameter",
      message: "If-Match is too long",
      details: `header.if-match=${"x".repeat(80)}`,
    });
  });
});

describe("parseOrThrow accepts", () => {
  // JSON null, alone and nested, is a value like any other: the NUL check walks past it.
  it.each<[string, unknown, unknown]>([
    ["an empty body", {}, {}],
    ["a string", { name: "Alex" }, { name: "Alex" }],
    ["null where the schema allows it", { expires_at: null }, { expires_at: null }],
    ["a null inside a record", { tags: { a: null, b: "x" } }, { tags: { a: null, b: "x" } }],
    [
      "a null inside an array item",
      { items: [{ note: null }, { note: "x" }] },
      { items: [{ note: null }, { note: "x" }] },
    ],
    [
      "nulls nested in free-form data",
      { meta: { a: [null, { b: null }], c: null } },
      { meta: { a: [null, { b: null }], c: null } },
    ],
    ["an array of nulls", { meta: [null, null] }, { meta: [null, null] }],
    ["numbers and booleans", { meta: { n: 0, t: true, f: false } }, { meta: { n: 0, t: true, f: false } }],
  ])("%s", (_label, input, output) => {
    expect(parseOrThrow(bodySchema, input, "body")).toEqual(output);
  });

  it("JSON null where the whole input may be null", () => {
    expect(parseOrThrow(z.null(), null, "body")).toBeNull();
  });

  it("no input where none is needed (a request without a body)", () => {
    expect(parseOrThrow(z.undefined(), undefined, "body")).toBeUndefined();
  });

  it("hands on the schema's output, not its input", () => {
    expect(parseOrThrow(z.object({ n: z.string().transform(Number) }), { n: "12" }, "query")).toEqual({
      n: 12,
    });
  });
});

// Error bodies reach logs and screens, so a secret the client sent never comes back in them:
// not as the field that failed, and not inside an input echoed whole.
describe("parseOrThrow never echoes a secret", () => {
  const tooShort = (name: string) => z.object({ [name]: z.string().min(12, `${name} is too short`) });

  it.each([
    "password",
    "new_password",
    "code",
    "pin",
    "recovery_code",
    "passcode",
    "client_secret",
    "token",
    "PASSWORD",
  ])("a failing field named %s is shown as (not shown)", (name) => {
    expect(refusal(() => parseOrThrow(tooShort(name), { [name]: "short" }, "body")).details).toBe(
      `body.${name}=(not shown)`,
    );
  });

  it.each(["postal_code", "code_name", "password_hint", "token_type", "pinned"])(
    "a failing field named %s, which only looks like a secret, is shown",
    (name) => {
      expect(refusal(() => parseOrThrow(tooShort(name), { [name]: "short" }, "body")).details).toBe(
        `body.${name}=short`,
      );
    },
  );

  const oneOf = z
    .object({ code: z.string().optional(), password: z.string().optional(), note: z.string().optional() })
    .refine((value) => (value.code === undefined) !== (value.password === undefined), {
      message: "send code or password, not both",
    });

  it("an input echoed whole for a rule about several fields hides the secrets in it", () => {
    expect(
      refusal(() => parseOrThrow(oneOf, { code: "123456", password: "hunter2hunter2", note: "hi" }, "body")),
    ).toEqual({
      status: 400,
      code: "invalid_parameter",
      message: "send code or password, not both",
      details: 'body={"code":"(not shown)","password":"(not shown)","note":"hi"}',
    });
  });

  it("hides secrets inside arrays and nested objects", () => {
    const schema = z
      .object({ items: z.array(z.object({ user: z.object({ token: z.string() }), n: z.number() })) })
      .refine(() => false, { message: "no items wanted" });
    const input = { items: [{ user: { token: "tok_live" }, n: 1 }] };
    expect(refusal(() => parseOrThrow(schema, input, "body")).details).toBe(
      'body={"items":[{"user":{"token":"(not shown)"},"n":1}]}',
    );
  });

  // An input with anything more than 32 levels below it is shown by its shape only.
  const nest = (levels: number, inner: unknown): unknown =>
    Array.from({ length: levels }).reduce<unknown>((value) => ({ a: value }), inner);
  const deep = z.object({ a: z.unknown() }).refine(() => false, { message: "never" });

  it.each<[string, unknown, string]>([
    [
      "at 32 levels, walked",
      nest(32, { password: "x" }),
      `${'{"a":'.repeat(32)}{"password":"(not shown)"}${"}".repeat(32)}`,
    ],
    ["at 33 levels, by the whole input's shape", nest(33, { password: "x" }), "{…}"],
    ["at 33 levels in an array, by the whole input's shape", [nest(32, ["x"])], "[…]"],
  ])("a secret nested %s", (_label, input, shown) => {
    const details = refusal(() => parseOrThrow(deep, input, "body")).details;
    expect(details).toBe(`body=${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`);
  });
});
