// docs/CONTRACT.md §3: losing the database inside a transaction is an outage (503
// service_unavailable with Retry-After), never 500. A request's transaction has its PostgreSQL
// backend terminated (as a server stop does) between two statements, and during one; the
// wrapper must answer 503 either way. PostgreSQL only: PGlite runs in-process and cannot lose
// its connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Client } from "pg";
import { handleEndpoint } from "@/lib/api/route";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { getPrisma } from "@/lib/db/client";
import { testTokens } from "@/tests/fixtures";
import { testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";

const endpoint = defineEndpoint({
  summary: "test write",
  scope: "orders:write",
  response: z.object({ ok: z.boolean() }),
});

describe.runIf(testDatabaseKind === "postgres")("a transaction whose connection is lost", () => {
  let admin: Client;
  beforeAll(async () => {
    admin = new Client({ connectionString: await testDatabaseUrl() });
    await admin.connect();
  });
  afterAll(() => admin.end());

  async function backendOf(tx: Tx): Promise<number> {
    const [{ pid }] = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
    return pid;
  }
  async function terminate(pid: number): Promise<void> {
    const { rows } = await admin.query<{ done: boolean }>("SELECT pg_terminate_backend($1) AS done", [pid]);
    expect(rows[0].done).toBe(true);
  }
  /** Waits (by asking the server, not a clock) until `pid` is running a statement. */
  async function untilRunning(pid: number): Promise<void> {
    for (;;) {
      const { rows } = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
        [pid],
      );
      if (rows.length > 0) return;
    }
  }

  /** Waits until the server has ended `pid`: its goodbye has reached the app's socket by then. */
  async function untilGone(pid: number): Promise<void> {
    for (;;) {
      const { rows } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
      if (rows.length === 0) return;
    }
  }

  it.each([
    [
      "between two statements, once the app has seen the connection fail",
      async (tx: Tx) => {
        await tx.$executeRaw`UPDATE organization SET name = name WHERE id = 'org_acme'`;
        const pid = await backendOf(tx);
        await terminate(pid);
        await untilGone(pid);
        await tx.$executeRaw`UPDATE organization SET name = name WHERE id = 'org_globex'`;
      },
    ],
    [
      "between two statements, before the app has noticed",
      async (tx: Tx) => {
        await tx.$executeRaw`UPDATE organization SET name = name WHERE id = 'org_acme'`;
        await terminate(await backendOf(tx));
        await tx.$executeRaw`UPDATE organization SET name = name WHERE id = 'org_globex'`;
      },
    ],
    [
      "during a statement",
      async (tx: Tx) => {
        const pid = await backendOf(tx);
        // .then() sends it now: a Prisma query is lazy until then.
        const running = tx.$queryRaw`SELECT pg_sleep(30)`.then(() => undefined);
        // Its failure may arrive before terminate() returns (through PgBouncer, often): handled
        // here, so it is not an unhandled rejection, and still thrown by `await running` below.
        running.catch(() => {});
        await untilRunning(pid);
        await terminate(pid);
        await running;
      },
    ],
  ])("%s → 503 service_unavailable with Retry-After", async (_when, work) => {
    const handler = handleEndpoint("POST /test", endpoint, async () => {
      await inRetryingTransaction(work);
      return { ok: true };
    });
    const response = await handler(
      new Request("http://localhost/api/v2/test", {
        method: "POST",
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}`, "x-request-id": "lost-tx" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      message: "Service Unavailable",
      error: {
        message:
          "The service cannot reach its database just now; retry shortly (an order with the same Idempotency-Key is safe to repeat).",
        details: "request_id=lost-tx",
        code: "service_unavailable",
      },
    });
    // The pool lets the dead connection go: the next request is served.
    expect(await (await getPrisma()).$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  });
});
