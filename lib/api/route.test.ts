import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { handleEndpoint, Reply } from "@/lib/api/route";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { testTokens } from "@/tests/fixtures";

// Endpoints made for these tests only: the wrapper's behaviour, not any real route's.
const echo = defineEndpoint({
  summary: "test echo",
  scope: "reference:read",
  body: z.strictObject({ name: z.string().min(1, "name must not be empty") }),
  response: z.object({ hello: z.string() }),
});

const call = (handler: ReturnType<typeof handleEndpoint>, init: RequestInit & { url?: string } = {}) =>
  handler(new Request(init.url ?? "http://localhost/api/v2/test", init), { params: Promise.resolve({}) });

const auth = { authorization: `Bearer ${testTokens.acmeAll.secret}` };

describe("lifecycle badges", () => {
  it.each([
    ["draft", "Draft"],
    ["coming_soon", "Coming Soon"],
  ] as const)("a %s endpoint answers 501 without running its handler", async (badge, label) => {
    const handler = vi.fn(() => ({ hello: "x" }));
    const response = await call(handleEndpoint("GET /test", { ...echo, body: undefined, badge }, handler), {
      headers: auth,
    });
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({
      message: "Not Implemented",
      error: {
        message: `GET /test is not available yet (${label}).`,
        details: `badge=${badge}`,
        code: "not_implemented",
      },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("a deprecated endpoint works and sends Deprecation, Sunset and Link", async () => {
    const definition = {
      ...echo,
      body: undefined,
      badge: "deprecated" as const,
      deprecation: {
        since: "2026-01-01T00:00:00Z",
        sunset: "2027-06-30T00:00:00Z",
        link: "https://example.com/changelog#v2-test",
      },
    };
    const response = await call(
      handleEndpoint("GET /test", definition, () => ({ hello: "old" })),
      { headers: auth },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: "old" });
    expect(response.headers.get("deprecation")).toBe("@1767225600");
    expect(response.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    expect(response.headers.get("link")).toBe('<https://example.com/changelog#v2-test>; rel="deprecation"');
  });
});

describe("the wrapper", () => {
  const handler = handleEndpoint("POST /test", echo, ({ body }) => ({
    hello: (body as { name: string }).name,
    secret: "column that must not leak",
  }));

  it("parses the body and shapes the response through the schema", async () => {
    const response = await call(handler, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: "Ada" });
  });

  it.each([
    [
      { "content-type": "text/plain" },
      "hi",
      415,
      {
        message: "Unsupported Media Type",
        error: {
          message: "The body must be sent as application/json.",
          details: "header.content-type=text/plain",
          code: "unsupported_media_type",
        },
      },
    ],
    [
      {},
      "hi",
      415,
      {
        message: "Unsupported Media Type",
        error: {
          message: "The body must be sent as application/json.",
          details: "header.content-type=text/plain;charset=UTF-8",
          code: "unsupported_media_type",
        },
      },
    ],
    [
      { "content-type": "application/json" },
      "{oops",
      400,
      {
        message: "Bad Request",
        error: { message: "The body is not valid JSON.", details: "body={oops", code: "invalid_parameter" },
      },
    ],
    [
      { "content-type": "application/json" },
      JSON.stringify({ name: "" }),
      400,
      {
        message: "Bad Request",
        error: { message: "name must not be empty", details: "body.name=", code: "invalid_parameter" },
      },
    ],
    [
      { "content-type": "application/json" },
      JSON.stringify({ name: "a", extra: 1 }),
      400,
      {
        message: "Bad Request",
        error: { message: "unknown body parameter: extra", details: "body.extra", code: "invalid_parameter" },
      },
    ],
    [
      { "content-type": "application/json" },
      JSON.stringify({ name: "x".repeat(70_000) }),
      413,
      {
        message: "Payload Too Large",
        error: {
          message: "The body must be at most 65536 bytes.",
          details: "body.bytes=70011",
          code: "payload_too_large",
        },
      },
    ],
  ])("answers %j %s with %i", async (headers, body, status, expected) => {
    const response = await call(handler, { method: "POST", headers: { ...auth, ...headers }, body });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(expected);
  });

  it("turns an unexpected error into a 500 with the request id and no stack", async () => {
    const failing = handleEndpoint("GET /test", { ...echo, body: undefined }, () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const response = await call(failing, { headers: { ...auth, "x-request-id": "req-500" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: "Internal Server Error",
      error: {
        message: "Something went wrong on our side; quote the request id when reporting it.",
        details: "request_id=req-500",
        code: "internal_error",
      },
    });
  });

  it("lets a handler set the status and headers with Reply", async () => {
    const replying = handleEndpoint(
      "GET /test",
      { ...echo, body: undefined },
      () => new Reply({ hello: "x" }, { status: 200, headers: { "X-Total-Count": "7" } }),
    );
    const response = await call(replying, { headers: auth });
    expect(response.headers.get("x-total-count")).toBe("7");
  });
});
