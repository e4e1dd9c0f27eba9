import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseOrThrow, type Location } from "@/lib/api/parse";
import { bodySchema, refusal } from "@/lib/api/parse-fixtures";

// What parseOrThrow refuses, without a database: the exact contract error (code, message,
// details) for each params, query and body problem.

describe("parseOrThrow refuses", () => {
  const tagged = z.object({
    country: z.string().refine((value) => value === "GB", {
      message: "country is not sold",
      params: { code: "unknown_country" },
    }),
  });
  const plainCustom = z.object({
    region: z.string().refine((value) => value === "x", { message: "region is unknown" }),
  });
  const limit = z.object({ limit: z.string().regex(/^\d+$/, "limit must be an integer") });
  const nested = z.object({
    order: z.object({ items: z.array(z.object({ quantity: z.number({ error: "must be a number" }) })) }),
  });

  it.each<[string, z.ZodType, unknown, Location, { code: string; message: string; details: string }]>([
    [
      "an unknown key, named with its location",
      bodySchema,
      { nmae: "x" },
      "body",
      { code: "invalid_parameter", message: "unknown body parameter: nmae", details: "body.nmae" },
    ],
    [
      "several unknown keys, the first in details",
      bodySchema,
      { b: 1, a: 2 },
      "query",
      { code: "invalid_parameter", message: "unknown query parameter: b, a", details: "query.b" },
    ],
    [
      "an unknown key inside an object",
      z.object({ inner: z.strictObject({}) }),
      { inner: { x: 1 } },
      "body",
      { code: "invalid_parameter", message: "unknown body parameter: x", details: "body.inner.x" },
    ],
    [
      "a message that names its field already",
      limit,
      { limit: "x" },
      "query",
      { code: "invalid_parameter", message: "limit must be an integer", details: "query.limit=x" },
    ],
    [
      "a message that does not name its field",
      nested,
      { order: { items: [{ quantity: [2] }] } },
      "body",
      {
        code: "invalid_parameter",
        message: "order.items.0.quantity: must be a number",
        details: "body.order.items.0.quantity=[2]",
      },
    ],
    [
      "a custom issue with its own code",
      tagged,
      { country: "XX" },
      "path",
      { code: "unknown_country", message: "country is not sold", details: "path.country=XX" },
    ],
    [
      "a custom issue without a code",
      plainCustom,
      { region: "y" },
      "path",
      { code: "invalid_parameter", message: "region is unknown", details: "path.region=y" },
    ],
    [
      "a missing field",
      z.object({ name: z.string({ error: "name is required" }) }),
      {},
      "body",
      { code: "invalid_parameter", message: "name is required", details: "body.name=(missing)" },
    ],
    [
      "null where a string must be",
      bodySchema,
      { name: null },
      "body",
      {
        code: "invalid_parameter",
        message: "name: Invalid input: expected string, received null",
        details: "body.name=null",
      },
    ],
    [
      "a whole input that is null",
      z.object({}, { error: "body must be an object" }),
      null,
      "body",
      { code: "invalid_parameter", message: "body must be an object", details: "body=null" },
    ],
    [
      "an object shown as JSON",
      z.object({ meta: z.string({ error: "meta must be text" }) }),
      { meta: { a: null } },
      "body",
      { code: "invalid_parameter", message: "meta must be text", details: 'body.meta={"a":null}' },
    ],
    [
      "a NUL in a string",
      bodySchema,
      { name: "a\u0000b" },
      "body",
      {
        code: "invalid_parameter",
        message: "name must not contain the NUL character (U+0000)",
        details: "body.name=a\u0000b",
      },
    ],
    [
      "a NUL in a path parameter",
      z.object({ id: z.string() }),
      { id: "\u0000" },
      "path",
      {
        code: "invalid_parameter",
        message: "id must not contain the NUL character (U+0000)",
        details: "path.id=\u0000",
      },
    ],
    [
      "a NUL in the whole input",
      z.string(),
      "\u0000",
      "query",
      {
        code: "invalid_parameter",
        message: "query must not contain the NUL character (U+0000)",
        details: "query=\u0000",
      },
    ],
    [
      "a NUL after a null",
      bodySchema,
      { expires_at: null, meta: [null, { a: null, b: "x\u0000" }] },
      "body",
      {
        code: "invalid_parameter",
        message: "meta.1.b must not contain the NUL character (U+0000)",
        details: "body.meta.1.b=x\u0000",
      },
    ],
    [
      "a NUL deep in free-form data",
      bodySchema,
      { meta: { a: [{ b: "ok" }, { c: ["\u0000"] }] } },
      "body",
      {
        code: "invalid_parameter",
        message: "meta.a.1.c.0 must not contain the NUL character (U+0000)",
        details: "body.meta.a.1.c.0=\u0000",
      },
    ],
    [
      "a NUL in a key",
      bodySchema,
      { tags: { "a\u0000": "x" } },
      "body",
      {
        code: "invalid_parameter",
        message: "tags.a\u0000 must not contain the NUL character (U+0000)",
        details: "body.tags.a\u0000=a\u0000",
      },
    ],
    [
      "a NUL in a string of a query array",
      z.object({ a: z.array(z.string()) }),
      { a: ["x", "y\u0000"] },
      "query",
      {
        code: "invalid_parameter",
        message: "a.1 must not contain the NUL character (U+0000)",
        details: "query.a.1=y\u0000",
      },
    ],
  ])("%s", (_label, schema, input, location, expected) => {
    expect(refusal(() => parseOrThrow(schema, input, location))).toEqual({ status: 400, ...expected });
  });

  it("cuts a long input to 200 characters in details", () => {
    const long = "y".repeat(250);
    expect(refusal(() => parseOrThrow(limit, { limit: long }, "query"))).toEqual({
      status: 400,
      code: "invalid_parameter",
      message: "limit must be an integer",
      details: `query.limit=${"y".repeat(200)}…`,
    });
    const exact = "y".repeat(200);
    expect(refusal(() => parseOrThrow(limit, { limit: exact }, "query")).details).toBe(
      `query.limit=${exact}`,
    );
  });

  it("describes what JSON cannot write by its String form", () => {
    const schema = z.object({ limit: z.string({ error: "limit must be text" }) });
    expect(refusal(() => parseOrThrow(schema, { limit: Symbol("x") }, "query")).details).toBe(
      "query.limit=Symbol(x)",
    );
  });

  // JSON.stringify overflows its stack on input nested this deep; the answer stays a 400.
  it.each<[string, unknown, string]>([
    ["an array", Array.from({ length: 20_000 }).reduce<unknown>((inner) => [inner], []), "[…]"],
    ["an object", Array.from({ length: 20_000 }).reduce<unknown>((inner) => ({ a: inner }), {}), "{…}"],
  ])("describes %s nested too deep to write by its shape", (_label, deep, shape) => {
    const schema = z.object({ meta: z.string({ error: "meta must be text" }) });
    expect(refusal(() => parseOrThrow(schema, { meta: deep }, "body"))).toEqual({
      status: 400,
      code: "invalid_parameter",
      message: "meta must be text",
      details: `body.meta=${shape}`,
    });
  });
});
