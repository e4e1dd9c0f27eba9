import { describe, expect, it } from "vitest";
import { scopes } from "@/lib/schemas/scopes";
import { encode } from "next-auth/jwt";
import { api, get } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { demoUsers } from "@/prisma/seed/fixtures";
import { testTokens } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import type { Token } from "@/lib/schemas/tokens";

const ORIGIN = "http://localhost:3000";
const err = (status: string, code: string, message: string, details: string) => ({
  message: status,
  error: { message, details, code },
});
const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);
const sessionOnly = (details: string) =>
  err(
    "Unauthorized",
    "unauthorized",
    "Only a person signed in to the portal can call this endpoint; an API token cannot.",
    details,
  );

type DemoUserKey = keyof typeof demoUsers;

/** The cookie next-auth would set for a user, made with the app's own secret. */
async function sessionHeaders(
  user: DemoUserKey,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const { id, email, name, role, organizationId } = demoUsers[user];
  const value = await encode({
    token: { sub: id, email, name, role, organizationId },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: ORIGIN, ...extra };
}

const inAYear = () => new Date(Date.now() + 300 * 24 * 3600_000).toISOString();

describe("token management needs a portal session", () => {
  it.each([
    { method: "GET", path: "/tokens", token: undefined, details: "cookie=(no session)" },
    { method: "GET", path: "/tokens", token: "acmeAll" as const, details: "principal=token" },
    { method: "POST", path: "/tokens", token: "acmeAll" as const, details: "principal=token" },
    { method: "DELETE", path: "/tokens/tok_anything", token: "acmeAll" as const, details: "principal=token" },
  ])("$method $path with token=$token → 401", async ({ method, path, token, details }) => {
    const body = method === "POST" ? { name: "ci", scopes: ["reference:read"] } : undefined;
    const response = await api(method, path, { token, body });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(sessionOnly(details));
  });

  it("a forged session cookie is no session", async () => {
    const response = await get("/tokens", {
      headers: { cookie: `${sessionCookieName(false)}=forged.value.here` },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(sessionOnly("cookie=(no session)"));
  });

  it("a session write from another site is refused", async () => {
    const headers = await sessionHeaders("acmeCustomer", { origin: "https://evil.example" });
    const response = await api("POST", "/tokens", {
      headers,
      body: { name: "x", scopes: ["reference:read"] },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "unauthorized",
        "Writes with a session cookie must come from this site's own pages.",
        "header.origin=https://evil.example",
      ),
    );
  });

  it("answers other methods 405 with Allow", async () => {
    const response = await api("PUT", "/tokens", { headers: await sessionHeaders("acmeCustomer") });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
  });
});

describe("GET /tokens", () => {
  it("lists the organization's tokens, never their hashes", async () => {
    const response = await get<{ data: Token[] }>("/tokens", {
      headers: await sessionHeaders("acmeCustomer"),
    });
    expect(response.status).toBe(200);
    // The template names each test token "test <key>" (tests/fixtures.ts).
    const names = response.body.data.map((token) => token.name);
    for (const [key, token] of Object.entries(testTokens)) {
      if (token.organizationId === "org_acme") expect(names).toContain(`test ${key}`);
      else expect(names).not.toContain(`test ${key}`);
    }
    expect(JSON.stringify(response.body)).not.toMatch(/hash|npk_test_acme_all_scopes_0000/);
    const revoked = response.body.data.find((token) => token.name === "test acmeRevoked");
    expect(revoked?.revoked_at).toBe("2024-01-01T00:00:00.000Z");
    expect(revoked?.prefix).toBe(testTokens.acmeRevoked.secret.slice(0, 10));
  });
});

describe("POST /tokens", () => {
  it.each([
    {
      name: "a missing name",
      body: { scopes: ["reference:read"] },
      error: bad("name is required: 1 to 100 characters", "body.name=(missing)"),
    },
    {
      name: "a blank name",
      body: { name: "  ", scopes: ["reference:read"] },
      error: bad("name must be 1 to 100 characters", "body.name="),
    },
    {
      name: "no scopes",
      body: { name: "ci", scopes: [] },
      error: bad("scopes must name at least one scope", "body.scopes=[]"),
    },
    {
      name: "an unknown scope",
      body: { name: "ci", scopes: ["admin"] },
      error: bad(`scopes.0: scopes may hold only ${scopes.join(", ")}`, "body.scopes.0=admin"),
    },
    {
      name: "a past expiry",
      body: { name: "ci", scopes: ["orders:read"], expires_at: "2020-01-01T00:00:00Z" },
      error: bad("expires_at must be in the future", "body.expires_at=2020-01-01T00:00:00Z"),
    },
    {
      name: "an expiry without a zone",
      body: { name: "ci", scopes: ["orders:read"], expires_at: "2030-01-01" },
      error: bad(
        "expires_at must be an ISO 8601 time with a zone, such as 2027-01-31T00:00:00Z",
        "body.expires_at=2030-01-01",
      ),
    },
    {
      name: "an unknown field",
      body: { name: "ci", scopes: ["orders:read"], organization_id: "org_globex" },
      error: bad("unknown body parameter: organization_id", "body.organization_id"),
    },
    // JSON null is a value like any other: refused where the schema does not take it.
    {
      name: "a null name",
      body: { name: null, scopes: ["orders:read"] },
      error: bad("name is required: 1 to 100 characters", "body.name=null"),
    },
    {
      name: "null scopes",
      body: { name: "ci", scopes: null },
      error: bad("scopes must be a list of scope names", "body.scopes=null"),
    },
    {
      name: "a null scope",
      body: { name: "ci", scopes: [null] },
      error: bad(`scopes.0: scopes may hold only ${scopes.join(", ")}`, "body.scopes.0=null"),
    },
    {
      name: "a null body",
      body: null,
      error: bad("Invalid input: expected object, received null", "body=null"),
    },
    {
      name: "a null unknown field",
      body: { name: "ci", scopes: ["orders:read"], expires_at: null, note: null },
      error: bad("unknown body parameter: note", "body.note"),
    },
  ])("refuses $name with 400", async ({ body, error }) => {
    const response = await api("POST", "/tokens", { headers: await sessionHeaders("acmeCustomer"), body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
  });

  it("creates a token whose secret is shown once and works as a Bearer token for its scopes only", async () => {
    const headers = await sessionHeaders("acmeCustomer");
    const expiresAt = inAYear();
    const created = await api<{ data: Token & { secret: string } }>("POST", "/tokens", {
      headers,
      body: { name: " CI deploy ", scopes: ["reference:read", "reference:read"], expires_at: expiresAt },
    });
    expect(created.status).toBe(200);
    const { secret, ...token } = created.body.data;
    expect(secret).toMatch(/^npk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "CI deploy",
      prefix: secret.slice(0, 10),
      scopes: ["reference:read"],
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    });
    expect(token.created_by).toEqual({
      user_id: demoUsers.acmeCustomer.id,
      name: demoUsers.acmeCustomer.name,
    });

    const listed = await get<{ data: Token[] }>("/tokens", { headers });
    expect(listed.body.data[0]).toEqual(token);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const bearer = { authorization: `Bearer ${secret}` };
    expect((await get("/countries", { headers: bearer })).status).toBe(200);
    const denied = await get("/orders", { headers: bearer });
    expect(denied.status).toBe(401);
    expect((denied.body as { error: { code: string } }).error.code).toBe("insufficient_scope");

    const row = await (await getPrisma()).apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.tokenHash).not.toContain(secret);
    expect(row.organizationId).toBe("org_acme");
  });
});

describe("POST /tokens without an expiry", () => {
  // Documented as "absent or null = never expires"; a null once reached the NUL check in the
  // parser as an object and answered 500 (lib/api/parse.ts).
  it.each([
    { name: "expires_at null", body: { name: "never", scopes: ["orders:read"], expires_at: null } },
    { name: "expires_at absent", body: { name: "never", scopes: ["orders:read"] } },
  ])("$name makes a token that never expires", async ({ body }) => {
    const headers = await sessionHeaders("acmeCustomer");
    const created = await api<{ data: Token & { secret: string } }>("POST", "/tokens", { headers, body });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: "never",
      scopes: ["orders:read"],
      expires_at: null,
      revoked_at: null,
    });
    const row = await (await getPrisma()).apiToken.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(row.expiresAt).toBeNull();
    expect(
      (await get("/orders", { headers: { authorization: `Bearer ${created.body.data.secret}` } })).status,
    ).toBe(200);
  });
});

describe("DELETE /tokens/{token_id}", () => {
  it("revokes the organization's token, after which it is refused", async () => {
    const headers = await sessionHeaders("acmeAdmin");
    const created = await api<{ data: Token & { secret: string } }>("POST", "/tokens", {
      headers,
      body: { name: "to revoke", scopes: ["reference:read"] },
    });
    const { id, secret } = created.body.data;
    expect((await get("/countries", { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);

    // Someone else in the same organization may revoke it.
    const revoked = await api<{ data: Token }>("DELETE", `/tokens/${id}`, {
      headers: await sessionHeaders("acmeCustomer"),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    expect(revoked.body.data.last_used_at).not.toBeNull();

    const again = await api<{ data: Token }>("DELETE", `/tokens/${id}`, { headers });
    expect(again.status).toBe(200);
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);

    const refused = await get("/countries", { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(401);
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      "The token has been revoked.",
    );
  });

  it.each([
    {
      name: "another organization's token",
      id: async () =>
        (await (await getPrisma()).apiToken.findFirstOrThrow({ where: { organizationId: "org_globex" } })).id,
    },
    { name: "an unknown token", id: async () => "tok_doesnotexist" },
  ])("answers $name with 404", async ({ id }) => {
    const tokenId = await id();
    const response = await api("DELETE", `/tokens/${tokenId}`, {
      headers: await sessionHeaders("acmeCustomer"),
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      err("Not Found", "not_found", `There is no token ${tokenId}.`, `token_id=${tokenId}`),
    );
    const row = await (await getPrisma()).apiToken.findUnique({ where: { id: tokenId } });
    expect(row?.revokedAt ?? null).toBeNull();
  });

  it("refuses a malformed id with 400", async () => {
    const response = await api("DELETE", "/tokens/not%20an%20id", {
      headers: await sessionHeaders("acmeCustomer"),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad("token_id must look like tok_0123456789abcdef0123", "path.token_id=not an id"),
    );
  });
});
