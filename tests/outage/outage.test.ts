// docs/CONTRACT.md §3 and §13: a database that cannot be reached reads as an outage (503
// service_unavailable with Retry-After), not as the service's own fault (500). The app is
// pointed at a PostgreSQL pool on a closed port: the same on both suites, since PGlite itself
// cannot go away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { connectPostgres, getDatabase, setDatabase, type Database } from "@/lib/db/client";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { isStoreUnavailable } from "@/lib/db/unavailable";
import { testDatabaseKind } from "@/tests/test-database";

const outage = (details: (body: { error: { details: string } }) => string) => (body: unknown) => ({
  message: "Service Unavailable",
  error: {
    message:
      "The service cannot reach its database just now; retry shortly (an order with the same Idempotency-Key is safe to repeat).",
    details: details(body as { error: { details: string } }),
    code: "service_unavailable",
  },
});
const sameRequestId = outage((body) => body.error.details);

describe("with the database reachable", () => {
  it("GET /api/health answers ok without touching the database", async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /api/ready answers 200", async () => {
    // Opens the pool first: a cold first connection on a busy machine is not what this checks.
    await (
      await getDatabase()
    ).prisma.$queryRaw`SELECT 1`;
    const response = await ready(new Request("http://localhost:3000/api/ready"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ready",
      databases: [
        {
          role: "primary",
          name:
            testDatabaseKind === "postgres" ? expect.stringMatching(/^[^@/]+:\d+\/numbers_t_/) : "embedded",
          state: "ok",
        },
      ],
    });
  }, 20_000);
});

describe("with the database unreachable (a pool on a closed port)", () => {
  let working: Database;
  let unreachable: Database;

  beforeAll(async () => {
    working = await getDatabase();
    unreachable = await connectPostgres("postgresql://root@127.0.0.1:1/numbers", 2);
    setDatabase(unreachable);
  });

  afterAll(async () => {
    setDatabase(working);
    await unreachable.close();
  });

  it("an inventory search is 503 service_unavailable with Retry-After", async () => {
    const response = await get("/inventory/US?limit=5", {
      token: "acmeAll",
      headers: { "x-request-id": "outage-search" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("x-request-id")).toBe("outage-search");
    expect(response.body).toEqual(sameRequestId(response.body));
    expect((response.body as { error: { details: string } }).error.details).toBe("request_id=outage-search");
  });

  it("an order is 503 service_unavailable with Retry-After", async () => {
    const response = await api("POST", "/order", {
      token: "acmeAll",
      headers: { "idempotency-key": "outage-order-1", "x-request-id": "outage-order" },
      body: { contact_name: "Outage", items: [{ country: "GB", number_type: "mobile", quantity: 1 }] },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((response.body as { error: { code: string; details: string } }).error).toMatchObject({
      code: "service_unavailable",
      details: "request_id=outage-order",
    });
  });

  it("GET /api/ready is 503 in the error body; /api/health stays 200", async () => {
    const response = await ready(
      new Request("http://localhost:3000/api/ready", { headers: { "x-request-id": "outage-ready" } }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("x-request-id")).toBe("outage-ready");
    expect(await response.json()).toEqual(outage(() => "request_id=outage-ready")(null));
    expect((await health()).status).toBe(200);
  });
});

describe("isStoreUnavailable tells an outage from the service's own faults", () => {
  const prismaError = (code: string, cause?: unknown) =>
    Object.assign(new Error("prisma"), {
      code,
      meta: cause ? { driverAdapterError: { name: "DriverAdapterError", cause } } : {},
    });
  it.each([
    ["P1001 can't reach the server", prismaError("P1001"), true],
    ["P1017 the server closed the connection", prismaError("P1017"), true],
    ["P2024 no pool connection in time", prismaError("P2024"), true],
    [
      "P2010 with a DatabaseNotReachable adapter error",
      prismaError("P2010", { kind: "DatabaseNotReachable", host: "db", port: 5432 }),
      true,
    ],
    ["P2010 with a ConnectionClosed adapter error", prismaError("P2010", { kind: "ConnectionClosed" }), true],
    [
      "ECONNREFUSED from pg",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      true,
    ],
    [
      "ECONNREFUSED inside an AggregateError",
      new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]),
      true,
    ],
    [
      "57P01 the server is shutting down",
      Object.assign(new Error("terminating connection"), { code: "57P01" }),
      true,
    ],
    ["08006 connection failure", Object.assign(new Error("connection failure"), { code: "08006" }), true],
    ["pg's connection cut mid-query (no code)", new Error("Connection terminated unexpectedly"), true],
    ["pg ended a connection with queries queued (no code)", new Error("Connection terminated"), true],
    [
      "a query on a client whose connection failed (no code)",
      new Error("Client has encountered a connection error and is not queryable"),
      true,
    ],
    [
      "the same message with a code is judged by the code",
      Object.assign(new Error("Connection terminated"), { code: "42601" }),
      false,
    ],
    [
      "no answer within DB_QUERY_TIMEOUT_MS (pg's query_timeout, no code)",
      new Error("Query read timeout"),
      true,
    ],
    [
      "no connection within DB_CONNECT_TIMEOUT_MS (pg-pool, no code)",
      new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") }),
      true,
    ],
    [
      "no pool connection free within DB_CONNECT_TIMEOUT_MS",
      new Error("timeout exceeded when trying to connect"),
      true,
    ],
    [
      "57014 a statement cancelled at statement_timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      true,
    ],
    ["a message that only contains the words", new Error("Connection terminated unexpectedly, twice"), false],
    [
      "a wrapped cause",
      new Error("outer", { cause: Object.assign(new Error("inner"), { code: "ETIMEDOUT" }) }),
      true,
    ],
    ["P2002 unique constraint (a fault of ours)", prismaError("P2002"), false],
    ["P2010 with a syntax error", prismaError("P2010", { kind: "postgres", code: "42601" }), false],
    ["a TypeError", new TypeError("x is undefined"), false],
    ["a string", "boom", false],
  ])("%s → %s", (_name, error, expected) => {
    expect(isStoreUnavailable(error)).toBe(expected);
  });
});
