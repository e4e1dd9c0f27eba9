// How long the app waits on PostgreSQL. A database that refuses is noticed at once; one whose
// connection freezes (packets dropped, no reset: a hung host, a cut link) answers nothing, and
// without bounds a request would wait for the kernel to give up on the socket, minutes later.
// With them, the wait for a connection and each statement are bounded, the error reads as
// "database unavailable" (503 with Retry-After, lib/db/unavailable.ts), and a connection
// whose answer never came is dropped rather than handed to the next request.
import "server-only";
import type { Env } from "@/lib/env";

/** Milliseconds; 0 means no bound. */
export type QueryBounds = {
  /** Opening a connection, and waiting for one of the pool's (pg-pool uses one setting for both). */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /** The client gives up on an answer that does not come: the server's cancel cannot cross a frozen link. */
  queryTimeoutMs: number;
};

/** Scripts that run long statements on purpose (migrations, seeding, imports, COPY, benches). */
export const UNBOUNDED: QueryBounds = { connectTimeoutMs: 0, statementTimeoutMs: 0, queryTimeoutMs: 0 };

/** The bounds of the app's own requests, from DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS. */
export function requestBounds(
  env: Pick<Env, "DB_CONNECT_TIMEOUT_MS" | "DB_STATEMENT_TIMEOUT_MS" | "DB_QUERY_TIMEOUT_MS">,
): QueryBounds {
  return {
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
  };
}
