// docs/CONTRACT.md §3: when the database (or Redis) cannot be reached, the answer is 503 with
// Retry-After, so clients retry; 500 stays for the service's own faults. Recognized by codes,
// never by message text: Prisma's connection codes, the driver adapter's error kinds, pg's
// connection SQLSTATE classes and Node's socket errors, anywhere along the cause chain.

// Prisma: P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 server closed
// the connection, P2024 timed out waiting for a pool connection.
import "server-only";
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// @prisma/driver-adapter-utils error kinds that mean "the server is not there (right now)".
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "DatabaseDoesNotExist",
]);
// Node socket errors and pg SQLSTATEs: 08xxx connection exception, 57P01–57P03 shutdown or
// starting up, 53300 too many connections, 57014 a statement the server cancelled at its
// statement_timeout (DB_STATEMENT_TIMEOUT_MS: the database is too slow to answer just now).
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);
const SQLSTATES = /^(08...|57P0[123]|57014|53300)$/;
// The one exception to "by codes": node-postgres fails the queries of a lost connection with
// an Error that has no code, only one of these fixed messages (pg/lib/client.js): cut by the
// server or the network mid-flight; ended while queries were still queued on it; and every
// later query of a client that saw its connection fail, which is how a transaction whose
// backend was terminated (a server stop, pg_terminate_backend) fails its next statement.
// And the bounds of lib/db/query-bounds.ts, for a connection that stopped answering: no answer
// to a query in DB_QUERY_TIMEOUT_MS (pg/lib/client.js); no connection opened, or none free in
// the pool, in DB_CONNECT_TIMEOUT_MS (pg/lib/client.js, pg-pool/index.js).
const PG_CONNECTION_LOST = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Query read timeout",
  "timeout expired",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
]);

type Inspectable = {
  code?: unknown;
  kind?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
  cause?: unknown;
  errors?: unknown;
};

/** True when `error` says the database (or another store the service needs) cannot be reached. */
export function isStoreUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const item = current as Inspectable;
    if (
      typeof item.code === "string" &&
      (PRISMA_CODES.has(item.code) || SOCKET_CODES.has(item.code) || SQLSTATES.test(item.code))
    )
      return true;
    if (typeof item.kind === "string" && ADAPTER_KINDS.has(item.kind)) return true;
    if (item.code === undefined && current instanceof Error && PG_CONNECTION_LOST.has(current.message))
      return true;
    queue.push(item.meta?.driverAdapterError?.cause, item.cause);
    // AggregateError (a refused connection to both ::1 and 127.0.0.1).
    if (Array.isArray(item.errors)) queue.push(...item.errors);
  }
  return false;
}
