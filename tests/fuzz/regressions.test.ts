// What the fuzzer found, pinned as plain cases: each of these answered 500 before its fix in
// lib/api/parse.ts, and must stay a 400 in the contract's error body.
import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { api } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { demoUsers } from "@/prisma/seed/fixtures";
import type { TestTokenName } from "@/tests/fixtures";

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

async function sessionHeaders(): Promise<Record<string, string>> {
  const { id, email, name, role, organizationId } = demoUsers.acmeCustomer;
  const value = await encode({ token: { sub: id, email, name, role, organizationId }, secret: getSessionSecret() });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: "http://localhost:3000" };
}

type Case = { name: string; method: string; path: string; token?: TestTokenName; session?: boolean; body?: unknown; details: string };

const order = (fields: Record<string, unknown>) => ({ contact_name: "Regression", items: [{ country: "GB", number_type: "mobile" }], ...fields });

describe("a body nested thousands of levels deep is a 400, not a stack overflow", () => {
  it.each([
    { name: "POST /order", path: "/order", token: "acmeAll" as const, session: false },
    { name: "POST /tokens", path: "/tokens", session: true },
  ])("$name", async ({ path, token, session }) => {
    const response = await api("POST", path, { token, headers: session ? await sessionHeaders() : undefined, body: deep(30_000) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: "invalid_parameter", details: "body=[…]" } });
  });
});

describe("a NUL character (U+0000), which PostgreSQL text cannot hold, is a 400", () => {
  const cases: Case[] = [
    { name: "in a number_id path parameter", method: "GET", path: "/numbers/%00/active_rule", token: "acmeSupport", details: "path.number_id=\u0000" },
    { name: "in number_id", method: "GET", path: "/numbers?number_id=num%00", token: "acmeAll", details: "query.number_id=num\u0000" },
    { name: "in name", method: "GET", path: "/numbers?name=Main%00", token: "acmeAll", details: "query.name=Main\u0000" },
    { name: "in organization_id", method: "GET", path: "/extension/101?organization_id=org%00", token: "acmeSupport", details: "query.organization_id=org\u0000" },
    { name: "in contact_name", method: "POST", path: "/order", token: "acmeAll", body: order({ contact_name: "Ada\u0000" }), details: "body.contact_name=Ada\u0000" },
    { name: "in reference_number", method: "POST", path: "/order", token: "acmeAll", body: order({ reference_number: "PO\u0000" }), details: "body.reference_number=PO\u0000" },
    { name: "in a token's name", method: "POST", path: "/tokens", session: true, body: { name: "ci\u0000", scopes: ["orders:read"] }, details: "body.name=ci\u0000" },
  ];
  it.each(cases)("$name", async ({ method, path, token, session, body, details }) => {
    const response = await api(method, path, { token, headers: session ? await sessionHeaders() : undefined, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: "Bad Request", error: { code: "invalid_parameter", details } });
  });
});
