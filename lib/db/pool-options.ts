// The pg Pool settings that carry the bounds of lib/db/query-bounds.ts. Loaded with pg, on first
// use of PostgreSQL, so an embedded (PGlite) process never loads either.
import "server-only";
import pg, { type PoolConfig } from "pg";
import type { QueryBounds } from "@/lib/db/query-bounds";

/**
 * How long a pooled connection lives; an idle one past it is closed and the next checkout opens a
 * new one. PostgreSQL plans each statement of the sale's functions, and each foreign key's check,
 * once per connection, on the table sizes of that moment, and keeps that plan until an ANALYZE of
 * the table: without autovacuum (or before it comes round), a connection that planned on a table of
 * a page kept scanning it whole as it grew a hundredfold (docs/PERFORMANCE.md, "Plans that outlive
 * their tables"). With 20 s, an order 20,000 sales later runs at 94–95 % of the speed on a freshly
 * analyzed database, against 43–89 % before; at the pool's default of 10, one new connection every
 * two seconds costs nothing measurable.
 */
const CONNECTION_LIFETIME_SECONDS = 20;

/**
 * A pg Pool's settings for `url` under `bounds`. statement_timeout goes in the startup `options`
 * (PgBouncer can be told to ignore that one parameter; it refuses a bare statement_timeout).
 * A statement_timeout already in the URL's `options` wins, as pg lets the URL override.
 */
export function poolConfig(url: string, max: number, bounds: QueryBounds): PoolConfig {
  return {
    connectionString: url,
    max,
    // A peer that vanished without a word is found by the kernel's probes on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    maxLifetimeSeconds: CONNECTION_LIFETIME_SECONDS,
    ...(bounds.connectTimeoutMs > 0 && { connectionTimeoutMillis: bounds.connectTimeoutMs }),
    ...(bounds.statementTimeoutMs > 0 && { options: `-c statement_timeout=${bounds.statementTimeoutMs}` }),
    ...(bounds.queryTimeoutMs > 0 && { query_timeout: bounds.queryTimeoutMs, Client: DroppingClient }),
  };
}

const QUERY_READ_TIMEOUT = "Query read timeout";

/**
 * pg's query_timeout fails the caller's promise but leaves the query on the connection, still
 * waiting for its answer: a transaction's connection goes back to the pool like that, and every
 * later query on it waits behind the lost one. This client ends itself when an answer times out
 * (pg closes the socket of a client ending with a query in flight, and fails what is queued), so
 * the pool drops it on release; ending, rather than closing the socket under it, raises no
 * 'error' event on a client that has no listener while checked out.
 */
class DroppingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
DroppingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]): unknown {
  const drop = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT)
      void this.end().catch(() => undefined);
  };
  const callbackAt = args.findIndex((arg) => typeof arg === "function");
  if (callbackAt !== -1) {
    const callback = args[callbackAt] as (error: unknown, result?: unknown) => void;
    args[callbackAt] = (error: unknown, result?: unknown) => {
      drop(error);
      callback(error, result);
    };
    return plainQuery.apply(this, args);
  }
  const answer = plainQuery.apply(this, args);
  if (answer instanceof Promise)
    return answer.catch((error: unknown) => {
      drop(error);
      throw error;
    });
  return answer;
} as typeof pg.Client.prototype.query;
