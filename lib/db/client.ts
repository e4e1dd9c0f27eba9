import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { openPglite } from "@/lib/db/pglite";
import { pgExecutor, pgliteExecutor } from "@/lib/db/sql-executor";
import { processSingleton } from "@/lib/process-singleton";
import { addTiming } from "@/lib/server-timing";
import { listenPglite, listenPostgres } from "@/lib/db/listen";
import { databaseOpener, type Database } from "@/lib/db/database";
import { watchPool } from "@/lib/db/pool-metrics";
import { tracedAdapter, tracedExecutor } from "@/lib/db/traced";
import { requestBounds, UNBOUNDED, type QueryBounds } from "@/lib/db/query-bounds";

export type { Database };

/** host:port/database of a PostgreSQL URL, without user or password. */
export function databaseName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

/**
 * A pool on `url` (the server, or PgBouncer in transaction pooling mode: no statement here
 * keeps session state across transactions). LISTEN needs a session of its own, so it goes to
 * `directUrl`, the server itself (docs/CONTRACT.md §18). `bounds` limit how long a connection and a
 * statement may take (lib/db/query-bounds.ts): the app's requests pass the environment's; scripts
 * and tests that run long statements on purpose leave them out.
 */
export async function connectPostgres(
  url: string,
  poolSize = getEnv().DB_POOL_SIZE,
  directUrl = url,
  bounds: QueryBounds = UNBOUNDED,
): Promise<Database> {
  const { Pool } = await import("pg");
  const { poolConfig } = await import("@/lib/db/pool-options");
  const pool = new Pool(poolConfig(url, poolSize, bounds));
  timePoolWaits(pool);
  // An idle connection the server ends (restart, failover, DROP DATABASE ... WITH (FORCE) in
  // test teardown) is an 'error' event on the pool, which crashes the process when nobody
  // listens. The pool drops that connection and opens a new one when needed.
  pool.on("error", (error) => {
    if (getEnv().LOG_LEVEL !== "silent")
      console.error(JSON.stringify({ level: "error", event: "idle_connection_lost", error: error.message }));
  });
  const name = databaseName(url);
  const unwatch = watchPool(name, pool);
  const prisma = new PrismaClient({ adapter: tracedAdapter(new PrismaPg(pool), name) });
  return {
    prisma,
    sql: tracedExecutor(pgExecutor(pool), name),
    kind: "postgres",
    name,
    listen: (channel, handlers) => listenPostgres(directUrl, channel, handlers),
    async close() {
      unwatch();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export function wrapPglite(pglite: PGlite): Database {
  const prisma = new PrismaClient({ adapter: tracedAdapter(new PrismaPGlite(pglite), "embedded") });
  return {
    prisma,
    sql: tracedExecutor(pgliteExecutor(pglite), "embedded"),
    kind: "pglite",
    name: "embedded",
    listen: (channel, handlers) => listenPglite(pglite, channel, handlers),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * The database the environment names: PostgreSQL with DATABASE_URL, else embedded PGlite. Its
 * waits are bounded as a request's (DB_*_TIMEOUT_MS) unless `bounds` says otherwise.
 */
export async function connectFromEnv(bounds?: QueryBounds): Promise<Database> {
  const env = getEnv();
  if (env.DATABASE_URL)
    return connectPostgres(
      env.DATABASE_URL,
      env.DB_POOL_SIZE,
      env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
      bounds ?? requestBounds(env),
    );
  return wrapPglite(await openPglite(env.PGLITE_DATA_DIR));
}

/**
 * The database for migrations and seeding: the direct connection when DATABASE_URL is a pooler,
 * so DDL and the migration lock run on one server session of their own; no statement bound.
 */
export async function connectDirectFromEnv(): Promise<Database> {
  const env = getEnv();
  const direct = env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
  if (direct) return connectPostgres(direct, env.DB_POOL_SIZE, direct);
  return connectFromEnv(UNBOUNDED);
}

// One database per process, shared by every route bundle, opened on first use: by the opener
// the process registered (tests/setup-database.ts), else as the environment says.
const processDatabase = processSingleton("database", () => (databaseOpener.get() ?? connectFromEnv)());

export function getDatabase(): Promise<Database> {
  return processDatabase.get();
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** Points this process at a given database (tests, scripts that opened their own). */
export function setDatabase(database: Database): void {
  processDatabase.set(database);
}

/**
 * With SERVER_TIMING=1, the time each request waits for one of the pool's connections is
 * its "pool" mark (lib/server-timing.ts). pg's Pool.query takes its connection through
 * `connect` with a callback, so both forms are wrapped.
 */
function timePoolWaits(pool: import("pg").Pool): void {
  if (process.env.SERVER_TIMING !== "1") return;
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = performance.now();
    if (callback)
      return connect((...args) => {
        addTiming("pool", performance.now() - started);
        callback(...args);
      });
    return (connect() as Promise<unknown>).then((client) => {
      addTiming("pool", performance.now() - started);
      return client;
    });
  };
}
