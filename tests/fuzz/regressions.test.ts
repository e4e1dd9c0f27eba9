// What the fuzzer found, pinned as plain cases: each of these answered 500 before its fix in
// lib/api/parse.ts, and must stay a 400 in the API's error body.
import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { api, send } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { demoUsers } from "@/prisma/seed/fixtures";
import { testTokens, type TestTokenName } from "@/tests/fixtures";

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

async function sessionHeaders(): Promise<Record<string, string>> {
  const { id, email, name, role, organizationId } = demoUsers.acmeCustomer;
  const value = await encode({
    token: { sub: id, email, name, role, organizationId },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: "http://localhost:3000" };
}

type Case = {
  name: string;
  method: string;
  path: string;
  token?: TestTokenName;
  session?: boolean;
  body?: unknown;
  message: string;
  details: string;
};

const badRequest = (message: string, details: string) => ({
  message: "Bad Request",
  error: { code: "invalid_parameter", message, details },
});

const order = (fields: Record<string, unknown>) => ({
  contact_name: "Regression",
  items: [{ country: "GB", number_type: "mobile" }],
  ...fields,
});

describe("a body nested thousands of levels deep is a 400, not a stack overflow", () => {
  it.each([
    { name: "POST /order", path: "/order", token: "acmeAll" as const, session: false },
    { name: "POST /tokens", path: "/tokens", session: true },
  ])("$name", async ({ path, token, session }) => {
    const response = await api("POST", path, {
      token,
      headers: session ? await sessionHeaders() : undefined,
      body: deep(30_000),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(badRequest("Invalid input: expected object, received array", "body=[…]"));
  });
});

describe("a NUL character (U+0000), which PostgreSQL text cannot hold, is a 400", () => {
  const cases: Case[] = [
    {
      name: "in a number_id path parameter",
      method: "GET",
      path: "/numbers/%00/active_rule",
      token: "support",
      message: "number_id must not contain the NUL character (U+0000)",
      details: "path.number_id=\u0000",
    },
    {
      name: "in number_id",
      method: "GET",
      path: "/numbers?number_id=num%00",
      token: "acmeAll",
      message: "number_id must not contain the NUL character (U+0000)",
      details: "query.number_id=num\u0000",
    },
    {
      name: "in name",
      method: "GET",
      path: "/numbers?name=Main%00",
      token: "acmeAll",
      message: "name must not contain the NUL character (U+0000)",
      details: "query.name=Main\u0000",
    },
    {
      name: "in organization_id",
      method: "GET",
      path: "/extension/101?organization_id=org%00",
      token: "support",
      message: "organization_id must not contain the NUL character (U+0000)",
      details: "query.organization_id=org\u0000",
    },
    {
      name: "in contact_name",
      method: "POST",
      path: "/order",
      token: "acmeAll",
      body: order({ contact_name: "Ada\u0000" }),
      message: "contact_name must not contain the NUL character (U+0000)",
      details: "body.contact_name=Ada\u0000",
    },
    {
      name: "in reference_number",
      method: "POST",
      path: "/order",
      token: "acmeAll",
      body: order({ reference_number: "PO\u0000" }),
      message: "reference_number must not contain the NUL character (U+0000)",
      details: "body.reference_number=PO\u0000",
    },
    {
      name: "in a token's name",
      method: "POST",
      path: "/tokens",
      session: true,
      body: { name: "ci\u0000", scopes: ["orders:read"] },
      message: "name must not contain the NUL character (U+0000)",
      details: "body.name=ci\u0000",
    },
  ];
  it.each(cases)("$name", async ({ method, path, token, session, body, message, details }) => {
    const response = await api(method, path, {
      token,
      headers: session ? await sessionHeaders() : undefined,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(badRequest(message, details));
  });
});

// Paths Next's own router answered with its 500 text page, its 404 HTML page or a
// 308 without X-Request-Id. proxy.ts answers them now (tests/api-client.ts `send` runs it as
// Next does); e2e/api-edges.spec.ts asks the same of the built server.
describe("undecodable paths and queries, /api/v2 itself and trailing slashes answer the API's JSON error", () => {
  const undecodable = (segment: string, path: string) => ({
    message: "Bad Request",
    error: {
      message: `The path segment '${segment}' is not valid percent-encoding (a % must start %XX of UTF-8).`,
      details: `path=${path}`,
      code: "invalid_parameter",
    },
  });
  const badQuery = (name: string, value: string) => ({
    message: "Bad Request",
    error: {
      message: `The query parameter '${name}' is not valid percent-encoding (a % must start %XX of UTF-8).`,
      details: `query.${name}=${value}`,
      code: "invalid_parameter",
    },
  });
  const notFound = (path: string) => ({
    message: "Not Found",
    error: { message: `There is no endpoint at ${path}.`, details: `path=${path}`, code: "not_found" },
  });

  it.each([
    { path: "/api/v2/countries%", status: 400, body: undecodable("countries%", "/api/v2/countries%") },
    { path: "/api/v2/regions/%", status: 400, body: undecodable("%", "/api/v2/regions/%") },
    { path: "/api/v2/destinations/US/%", status: 400, body: undecodable("%", "/api/v2/destinations/US/%") },
    {
      path: "/api/v2/inventory/%E0%A4%A/local",
      status: 400,
      body: undecodable("%E0%A4%A", "/api/v2/inventory/%E0%A4%A/local"),
    },
    { path: "/api/v2/orders/ORD-%ZZ", status: 400, body: undecodable("ORD-%ZZ", "/api/v2/orders/ORD-%ZZ") },
    { path: "/api/v2/%FF", status: 400, body: undecodable("%FF", "/api/v2/%FF") },
    { path: "/api/v2/inventory/US?contains=%E0%A4%A", status: 400, body: badQuery("contains", "%E0%A4%A") },
    { path: "/api/v2/orders?limit=%", status: 400, body: badQuery("limit", "%") },
    { path: "/api/v2/numbers?%ZZ=1", status: 400, body: badQuery("%ZZ", "1") },
    { path: "/api/v2", status: 404, body: notFound("/api/v2") },
    { path: "/api/v2/", status: 404, body: notFound("/api/v2") },
    { path: "/api/v2/nope/", status: 404, body: notFound("/api/v2/nope") },
  ])("GET $path → $status", async ({ path, status, body }) => {
    const response = await send(
      new Request(`http://localhost:3000${path}`, {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}`, "x-request-id": "edge-1" },
      }),
    );
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    expect(response.headers.get("x-request-id")).toBe("edge-1");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it.each(["/api/v2/countries/", "/api/v2/destinations/US/local/", "/api/v2/inventory/US/?limit=1"])(
    "GET %s is answered as the path without the slash",
    async (path) => {
      const response = await send(
        new Request(`http://localhost:3000${path}`, {
          headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
    },
  );
});

// The fuzzer's run hung here: send() hands proxy.ts a clone of the request, as Next does, so
// the body is teed, and the size check awaited reader.cancel() on one branch of the tee,
// which settles only once the other branch is cancelled too. Every later request waited.
describe("a body over 64 KiB on a cloned request is a 413 at once", () => {
  it.each([
    ["POST /order", "/order", "acmeBillingAll"],
    ["POST /order", "/order", "acmeAll"],
    ["POST /reservations", "/reservations", "acmeAll"],
  ] as const)("%s for %s", { timeout: 20_000 }, async (_name, path, token) => {
    const body = JSON.stringify({ contact_name: "x".repeat(78_000), items: [] });
    const response = await send(
      new Request(`http://localhost:3000/api/v2${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${testTokens[token].secret}`,
          "content-type": "application/json; charset=utf-8",
        },
        body,
      }),
    );
    expect([response.status, response.body]).toEqual([
      413,
      {
        message: "Payload Too Large",
        error: {
          code: "payload_too_large",
          message: "The body must be at most 65536 bytes.",
          details: `body.bytes=${body.length}`,
        },
      },
    ]);
  });
});
