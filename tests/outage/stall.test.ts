// A database whose connection freezes (packets dropped, nothing closed) answers as one that
// refuses: 503 service_unavailable with Retry-After, within the bounds of lib/db/query-bounds.ts
// rather than when the kernel gives up on the socket; /api/ready within READY_TIMEOUT_MS. Once
// the link is back, the pool serves again with no connection left waiting on a lost answer.
// The app reaches PostgreSQL through a proxy in this process that stops forwarding on demand:
// PostgreSQL only (PGlite has no connection to freeze).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Pool } from "pg";
import { api, get } from "@/tests/api-client";
import { connectPostgres, getDatabase, setDatabase, type Database } from "@/lib/db/client";
import { poolConfig } from "@/lib/db/pool-options";
import { UNBOUNDED, type QueryBounds } from "@/lib/db/query-bounds";
import { isStoreUnavailable } from "@/lib/db/unavailable";
import { getEnv } from "@/lib/env";
import { GET as ready } from "@/app/api/ready/route";
import { adminUrl, testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";
import { StallingProxy } from "@/tests/outage/stalling-proxy";

const BOUNDS: QueryBounds = { connectTimeoutMs: 1_000, statementTimeoutMs: 1_500, queryTimeoutMs: 2_000 };
const POOL_SIZE = 3;
// The longest a request may take on a frozen database: a wait for a connection, then one
// statement's answer; a second's slack for a machine shared with other suites.
const REQUEST_BOUND_MS = BOUNDS.connectTimeoutMs + BOUNDS.queryTimeoutMs + 1_000;

const outageBody = (requestId: string) => ({
  message: "Service Unavailable",
  error: {
    message:
      "The service cannot reach its database just now; retry shortly (an order with the same Idempotency-Key is safe to repeat).",
    details: `request_id=${requestId}`,
    code: "service_unavailable",
  },
});

/** `work`'s outcome and how long it took, in milliseconds. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The test database's URL with its host and port replaced by the proxy's. */
async function throughProxy(port: number): Promise<string> {
  const url = new URL(await testDatabaseUrl());
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

/**
 * The test database on the server itself: through PgBouncer (npm run test:pg:pooled) the
 * startup `options` that carry statement_timeout are ignored, as docs/OPERATIONS.md says.
 */
async function directTestUrl(): Promise<string> {
  const url = new URL(adminUrl());
  url.pathname = new URL(await testDatabaseUrl()).pathname;
  return url.toString();
}

async function proxyFor(): Promise<StallingProxy> {
  const url = new URL(await testDatabaseUrl());
  return new StallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
}

describe.skipIf(testDatabaseKind !== "postgres")("with the database's connection frozen", () => {
  let proxy: StallingProxy;
  let working: Database;
  let bounded: Database;

  beforeAll(async () => {
    proxy = await proxyFor();
    const port = await proxy.listen();
    working = await getDatabase();
    bounded = await connectPostgres(await throughProxy(port), POOL_SIZE, await testDatabaseUrl(), BOUNDS);
    setDatabase(bounded);
    // Connections open and idle in the pool when the link freezes, as on a server that was busy.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () => bounded.prisma.$executeRaw`SELECT pg_sleep(0.05)`),
    );
  });

  afterEach(() => proxy.unstall());

  afterAll(async () => {
    setDatabase(working);
    await bounded.close();
    await proxy.close();
  });

  it("an inventory search answers 503 with Retry-After within the bounds", async () => {
    proxy.stall();
    const { value: response, ms } = await timed(() =>
      get("/inventory/US?limit=5", { token: "acmeAll", headers: { "x-request-id": "stall-search" } }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.body).toEqual(outageBody("stall-search"));
    expect(ms).toBeLessThan(REQUEST_BOUND_MS);
  });

  it("an order (a transaction) answers 503 with Retry-After within the bounds", async () => {
    proxy.stall();
    const { value: response, ms } = await timed(() =>
      api("POST", "/order", {
        token: "acmeAll",
        headers: { "idempotency-key": "stall-order-1", "x-request-id": "stall-order" },
        body: { contact_name: "Stall", items: [{ country: "GB", number_type: "mobile", quantity: 1 }] },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.body).toEqual(outageBody("stall-order"));
    expect(ms).toBeLessThan(REQUEST_BOUND_MS);
  });

  it("GET /api/ready answers 503 in the error body within READY_TIMEOUT_MS", async () => {
    proxy.stall();
    const { value: response, ms } = await timed(() =>
      ready(new Request("http://localhost:3000/api/ready", { headers: { "x-request-id": "stall-ready" } })),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual(outageBody("stall-ready"));
    expect(ms).toBeLessThan(getEnv().READY_TIMEOUT_MS + 1_000);
  });

  it("once the link is back, the pool serves every request: no connection waits on a lost answer", async () => {
    proxy.stall();
    const during = await get("/inventory/US?limit=5", { token: "acmeAll" });
    expect(during.status).toBe(503);
    proxy.unstall();

    const search = await get("/inventory/US?limit=5", { token: "acmeAll" });
    expect(search.status).toBe(200);
    const probe = await ready(new Request("http://localhost:3000/api/ready"));
    expect(probe.status).toBe(200);
    // Twice the pool's size at once: each connection is used at least twice, so one still busy
    // with a lost statement would hold its queries past the bound.
    const { value: answers, ms } = await timed(() =>
      Promise.all(
        Array.from({ length: POOL_SIZE * 2 }, (_, i) => bounded.prisma.$queryRaw`SELECT ${i}::int AS i`),
      ),
    );
    expect(answers).toEqual(Array.from({ length: POOL_SIZE * 2 }, (_, i) => [{ i }]));
    expect(ms).toBeLessThan(BOUNDS.queryTimeoutMs);
    expect(proxy.openConnections).toBeLessThanOrEqual(POOL_SIZE);
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("the bounds on a live server", () => {
  it("set statement_timeout on each connection; a statement past it is cancelled and reads as unavailable", async () => {
    const pool = new Pool(poolConfig(await directTestUrl(), 1, BOUNDS));
    try {
      const shown = await pool.query<{ statement_timeout: string }>("SHOW statement_timeout");
      expect(shown.rows).toEqual([{ statement_timeout: "1500ms" }]);
      const cancelled = await pool.query("SELECT pg_sleep(5)").then(
        () => null,
        (error: unknown) => error,
      );
      expect(cancelled).toMatchObject({ code: "57014" });
      expect(isStoreUnavailable(cancelled)).toBe(true);
      // The connection survives its cancelled statement.
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("leave a script's pool without them", async () => {
    const pool = new Pool(poolConfig(await directTestUrl(), 1, UNBOUNDED));
    try {
      const shown = await pool.query<{ statement_timeout: string }>("SHOW statement_timeout");
      expect(shown.rows).toEqual([{ statement_timeout: "0" }]);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("a connection whose answer timed out", () => {
  it("is closed, so the pool drops it rather than handing it to the next request", async () => {
    const proxy = await proxyFor();
    const pool = new Pool(poolConfig(await throughProxy(await proxy.listen()), 1, BOUNDS));
    try {
      // As Prisma's adapter runs a transaction: a connection of its own, released without an error.
      const client = await pool.connect();
      await client.query("BEGIN");
      proxy.stall();
      const lost = await client.query("SELECT 1").then(
        () => null,
        (error: unknown) => error,
      );
      expect(lost).toBeInstanceOf(Error);
      expect((lost as Error).message).toBe("Query read timeout");
      expect(isStoreUnavailable(lost)).toBe(true);
      client.release();
      expect(pool.totalCount).toBe(0);
      proxy.unstall();
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await proxy.close();
    }
  });
});
