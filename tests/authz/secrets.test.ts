// Secrets stay secret. Tokens are stored only as hashes, passwords only as bcrypt
// hashes, and the JSON request logs (LOG_LEVEL=info) carry no token, password, cookie or body.
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { api } from "@/tests/api-client";
import { createRequestLog, setRequestLog } from "@/lib/api/request-log";
import { getPrisma } from "@/lib/db/client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { testTokens, type TestTokenName } from "@/tests/fixtures";

// lib/env reads the environment on first use: this file's requests log as production does
// (put back afterwards for any file that runs later in this worker).
const savedLogLevel = process.env.LOG_LEVEL;
process.env.LOG_LEVEL = "info";
afterAll(() => {
  if (savedLogLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = savedLogLevel;
});

const ORIGIN = "http://localhost:3000";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function sessionCookie(user: keyof typeof demoUsers): Promise<string> {
  const { id, email, name, role, organizationId } = demoUsers[user];
  return encode({ token: { sub: id, email, name, role, organizationId }, secret: getSessionSecret() });
}

async function createTokenSecret(name: string): Promise<string> {
  const cookie = await sessionCookie("acmeCustomer");
  const response = await api<{ data: { secret: string } }>("POST", "/tokens", {
    headers: { cookie: `${sessionCookieName(false)}=${cookie}`, origin: ORIGIN },
    body: { name, scopes: ["orders:read"] },
  });
  expect(response.status).toBe(200);
  return response.body.data.secret;
}

/** Every row of every table, as JSON text: where a secret would be if one were stored. */
async function dumpDatabase(): Promise<string> {
  const prisma = await getPrisma();
  const tables = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  expect(tables.map((table) => table.name)).toContain("api_token");
  const parts: string[] = [];
  for (const { name } of tables) {
    // Table names come from the catalog, quoted as identifiers.
    const rows = await prisma.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT row_to_json(t)::text AS row FROM "${name.replaceAll('"', '""')}" AS t`,
    );
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join("\n");
}

// What the app prints, kept from the console and from the request log (pino, which writes to
// the file descriptors itself): the request logs are read below.
let lines: string[] = [];
beforeEach(() => {
  lines = [];
  const capture = (...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  };
  for (const method of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, method).mockImplementation(capture);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  setRequestLog(createRequestLog("info", { out: stream, err: stream }));
});
afterEach(() => {
  vi.restoreAllMocks();
  setRequestLog(undefined);
});

describe("secrets at rest", () => {
  it("keeps API tokens only as SHA-256 hashes: no table holds a secret", async () => {
    const created = [await createTokenSecret("at-rest one"), await createTokenSecret("at-rest two")];
    const secrets = [...Object.values(testTokens).map((token) => token.secret), ...created];
    const dump = await dumpDatabase();
    for (const secret of secrets) {
      expect(dump.includes(secret), `a table holds the token secret ${secret.slice(0, 12)}…`).toBe(false);
      // Nor the part after the public prefix, in any case.
      expect(
        dump.toLowerCase().includes(secret.slice(10).toLowerCase()),
        `a table holds the tail of ${secret.slice(0, 12)}…`,
      ).toBe(false);
    }

    const prisma = await getPrisma();
    const rows = await prisma.apiToken.findMany();
    const hashes = new Set(rows.map((row) => row.tokenHash));
    for (const secret of secrets) expect(hashes.has(sha256(secret))).toBe(true);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prefix.length).toBeLessThanOrEqual(10);
    }
    // A column added to api_token later must be looked at here before it can hold a secret.
    const columns = await prisma.$queryRaw<Array<{ name: string }>>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'api_token' ORDER BY 1`;
    expect(columns.map((column) => column.name)).toEqual(
      [
        "created_at",
        "expires_at",
        "id",
        "last_used_at",
        "name",
        "organization_id",
        "prefix",
        "revoked_at",
        "scopes",
        "token_hash",
        "user_id",
      ].sort(),
    );
  });

  // Cost 4 here, the test runner's; lib/auth/passwords.test.ts holds that the app's is 12.
  it("keeps passwords only as bcrypt hashes (cost 4 under test)", async () => {
    const prisma = await getPrisma();
    const users = await prisma.user.findMany();
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expect(user.passwordHash).toMatch(/^\$2[aby]\$04\$[./A-Za-z0-9]{53}$/);
    expect(await dumpDatabase()).not.toContain(DEFAULT_DEMO_PASSWORD);
  });

  it("never answers with a token's hash", async () => {
    const cookie = await sessionCookie("acmeCustomer");
    const response = await api("GET", "/tokens", {
      headers: { cookie: `${sessionCookieName(false)}=${cookie}` },
    });
    const prisma = await getPrisma();
    const text = JSON.stringify(response.body);
    for (const row of await prisma.apiToken.findMany()) expect(text).not.toContain(row.tokenHash);
  });
});

describe("request logs", () => {
  it("are one JSON line a request, naming the caller by id, never by a secret, cookie, password or body", async () => {
    const canary = "Canary Contact 7f3a";
    const cookie = await sessionCookie("acmeCustomer");
    const created = await createTokenSecret("log canary");
    const requests: Array<{
      method: string;
      path: string;
      token?: TestTokenName;
      headers?: Record<string, string>;
      body?: unknown;
    }> = [
      ...(Object.keys(testTokens) as TestTokenName[]).map((token) => ({
        method: "GET",
        path: "/countries",
        token,
      })),
      { method: "GET", path: "/orders", headers: { authorization: `Bearer ${created}` } },
      {
        method: "GET",
        path: "/countries",
        headers: { authorization: "Bearer npk_unknown_secret_that_must_not_be_logged_0000" },
      },
      {
        method: "GET",
        path: "/countries",
        headers: { authorization: "Bearer has spaces npk_malformed_secret_value" },
      },
      { method: "GET", path: "/numbers", headers: { cookie: `${sessionCookieName(false)}=${cookie}` } },
      {
        method: "GET",
        path: "/numbers",
        headers: { cookie: `${sessionCookieName(false)}=${cookie.slice(0, -4)}AAAA` },
      },
      {
        method: "POST",
        path: "/order",
        token: "acmeAll",
        headers: { "idempotency-key": "log-canary-key" },
        body: {
          contact_name: canary,
          reference_number: "REF-canary",
          items: [{ country: "GB", number_type: "mobile" }],
        },
      },
      {
        method: "POST",
        path: "/order",
        token: "acmeAll",
        body: { contact_name: canary, items: [{ country: "GB", number_type: "nonsense" }] },
      },
      {
        method: "POST",
        path: "/tokens",
        headers: { cookie: `${sessionCookieName(false)}=${cookie}`, origin: ORIGIN },
        body: { name: canary, scopes: ["orders:read"] },
      },
      {
        method: "GET",
        path: `/inventory/GB?contains=${encodeURIComponent(DEFAULT_DEMO_PASSWORD)}`,
        token: "acmeAll",
      },
    ];
    const answers: string[] = [];
    for (const request of requests) {
      const response = await api(request.method, request.path, {
        token: request.token,
        headers: request.headers,
        body: request.body,
      });
      answers.push(JSON.stringify(response.body));
    }
    const newSecret = answers.map((answer) => /"secret":"([^"]+)"/.exec(answer)?.[1]).find(Boolean);
    expect(newSecret).toMatch(/^npk_[A-Za-z0-9_-]{43}$/);

    const requestLines = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(requests.length);
    for (const line of requestLines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(entry).sort()).toEqual([
        "duration_ms",
        "level",
        "method",
        "msg",
        "principal_id",
        "request_id",
        "route",
        "status",
        "time",
      ]);
      expect(
        entry.principal_id === null || /^(tok|usr)_[A-Za-z0-9_]+$/.test(String(entry.principal_id)),
      ).toBe(true);
    }

    const secrets = [
      ...Object.values(testTokens).map((token) => token.secret),
      created,
      newSecret as string,
      "npk_unknown_secret_that_must_not_be_logged_0000",
      "npk_malformed_secret_value",
      cookie,
      DEFAULT_DEMO_PASSWORD,
      canary,
      "REF-canary",
      "log-canary-key",
    ];
    const text = lines.join("\n");
    for (const secret of secrets)
      expect(text.includes(secret), `the logs hold ${secret.slice(0, 16)}…`).toBe(false);
    expect(text).not.toMatch(/Bearer|next-auth\.session-token|password/i);
  });
});
