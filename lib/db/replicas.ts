// Read replicas (docs/CONTRACT.md §18). The one place that decides where a read goes: a domain asks for
// `readDb()` when its read may be a little stale (search, products, reference data, paged lists)
// and for `getPrisma()` otherwise. Each process checks every replica's lag once a second; a
// replica that does not answer or is more than REPLICA_MAX_LAG_MS behind is skipped, and a
// caller's reads stay on the primary for a few seconds after that caller's own write, on every
// instance (the write is announced with NOTIFY, heard over the direct connection's LISTEN).
import "server-only";
import type { Pool } from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseName, getDatabase, getPrisma } from "@/lib/db/client";
import { currentCaller } from "@/lib/db/caller";
import {
  chooseReadTarget,
  lagFromStandby,
  RecentWriters,
  replicaUsable,
  type ReplicaHealth,
} from "@/lib/db/read-routing";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { reportReplicaLag, watchPool } from "@/lib/db/pool-metrics";
import { tracedAdapter } from "@/lib/db/traced";
import { requestBounds } from "@/lib/db/query-bounds";

const CHECK_EVERY_MS = 1_000;
// A replica that takes longer than this to connect or answer its check counts as not answering.
const CHECK_TIMEOUT_MS = 1_500;
/** Where an instance announces that a caller wrote, so every instance reads their next reads from the primary. */
const CALLER_WROTE_CHANNEL = "db_caller_wrote";

type Replica = { name: string; pool: Pool; prisma: PrismaClient; health: ReplicaHealth };

type ReplicaSet = {
  replicas: Replica[];
  writers: RecentWriters;
  turn: number;
  close(): Promise<void>;
};

function log(event: string, fields: Record<string, unknown>): void {
  if (getEnv().LOG_LEVEL === "silent") return;
  console.log(JSON.stringify({ level: "warn", event, ...fields }));
}

const LAG_SQL = `SELECT pg_is_in_recovery() AS in_recovery,
  pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS caught_up,
  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`;

/** Asks the replica for its lag; a failure or a slow answer is "did not answer" (null). */
async function measureLag(replica: Replica): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      replica.pool.query<{ in_recovery: boolean; caught_up: boolean | null; replay_age_ms: number | null }>(
        LAG_SQL,
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("replica check timed out")), CHECK_TIMEOUT_MS);
      }),
    ]);
    return lagFromStandby(answer.rows[0]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Records a check's result, logging only a change (so a dead replica is said once, not every second). */
function record(replica: Replica, lagMs: number | null): void {
  const maxLagMs = getEnv().REPLICA_MAX_LAG_MS;
  const before = replica.health;
  replica.health = { name: replica.name, lagMs };
  reportReplicaLag(replica.name, lagMs);
  const state = (health: ReplicaHealth) =>
    health.lagMs === null ? "unreachable" : replicaUsable(health, maxLagMs) ? "ok" : "lagging";
  if (state(before) !== state(replica.health))
    log(`replica_${state(replica.health)}`, {
      replica: replica.name,
      lag_ms: lagMs,
      ...(state(replica.health) === "ok" ? {} : { detail: "skipped: its reads go to the primary" }),
    });
}

async function connectReplicas(urls: string[]): Promise<ReplicaSet> {
  const { Pool: PgPool } = await import("pg");
  const { poolConfig } = await import("@/lib/db/pool-options");
  const env = getEnv();
  // As the primary's, but a replica slow to connect is skipped sooner: its reads can go elsewhere.
  const bounds = { ...requestBounds(env), connectTimeoutMs: CHECK_TIMEOUT_MS };
  const writers = new RecentWriters();
  const replicas: Replica[] = urls.map((url) => {
    const pool = new PgPool(poolConfig(url, env.DB_POOL_SIZE, bounds));
    const name = databaseName(url);
    // Known as "ok" until its first check says otherwise, so that first check logs a dead one.
    const replica: Replica = {
      name,
      pool,
      prisma: new PrismaClient({ adapter: tracedAdapter(new PrismaPg(pool), name) }),
      health: { name, lagMs: 0 },
    };
    // A replica that stops cuts its connections, idle or busy: skip it now rather than at the
    // next check (the queries it cut are answered 503; their retries go to the primary).
    const lost = () => record(replica, null);
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    return replica;
  });
  const unwatch = replicas.map((replica) => watchPool(replica.name, replica.pool));
  const checkAll = () =>
    Promise.all(replicas.map(async (replica) => record(replica, await measureLag(replica))));
  await checkAll();
  const timer = setInterval(() => void checkAll(), CHECK_EVERY_MS);
  timer.unref();
  const database = await getDatabase();
  const unlisten = await database.listen?.(CALLER_WROTE_CHANNEL, {
    onNotify: (caller) => writers.note(caller),
    onLive: () => {},
  });
  return {
    replicas,
    writers,
    turn: 0,
    async close() {
      clearInterval(timer);
      for (const stop of unwatch) stop();
      await unlisten?.();
      await Promise.all(
        replicas.map(async (replica) => (await replica.prisma.$disconnect(), await replica.pool.end())),
      );
    },
  };
}

const processReplicas = processSingleton<ReplicaSet | null>("replicas", async () => {
  const urls = getEnv().DATABASE_REPLICA_URL;
  return urls.length === 0 ? null : connectReplicas(urls);
});

/**
 * The client for a read that may be a moment stale: a replica in turn when one is usable and
 * the current caller has not just written, else the primary. Never use it for a read that
 * decides a write (that read belongs in the write's transaction, on the primary).
 */
export async function readDb(): Promise<PrismaClient> {
  const set = await processReplicas.get();
  if (!set) return getPrisma();
  const target = chooseReadTarget({
    replicas: set.replicas.map((replica) => replica.health),
    maxLagMs: getEnv().REPLICA_MAX_LAG_MS,
    callerWroteRecently: set.writers.wroteRecently(currentCaller()),
    turn: set.turn++,
  });
  if (target.kind === "primary") return getPrisma();
  return set.replicas[target.index].prisma;
}

/**
 * After a caller's write: their reads go to the primary for the next few seconds, here at once
 * and on the other instances as soon as they hear the NOTIFY (sent before the answer is).
 */
export async function noteCallerWrote(caller: string): Promise<void> {
  const set = await processReplicas.get();
  if (!set) return;
  set.writers.note(caller);
  try {
    const prisma = await getPrisma();
    await prisma.$executeRaw`SELECT pg_notify(${CALLER_WROTE_CHANNEL}, ${caller})`;
  } catch (error) {
    // The write itself is done and answered; the other instances only miss a hint.
    log("caller_write_notify_failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

export type DatabaseStatus = {
  role: "primary" | "replica";
  name: string;
  state: "ok" | "lagging" | "unreachable";
  lag_ms?: number | null;
};

/**
 * The databases for /api/ready, after the primary answered its ping: the primary (by the URL the
 * app uses, PgBouncer's when it is one) and each replica's last check with its lag.
 */
export async function databaseStatuses(): Promise<DatabaseStatus[]> {
  const primary: DatabaseStatus = { role: "primary", name: (await getDatabase()).name, state: "ok" };
  const set = await processReplicas.get();
  if (!set) return [primary];
  const maxLagMs = getEnv().REPLICA_MAX_LAG_MS;
  return [
    primary,
    ...set.replicas.map(({ name, health }): DatabaseStatus => ({
      role: "replica",
      name,
      state: health.lagMs === null ? "unreachable" : replicaUsable(health, maxLagMs) ? "ok" : "lagging",
      lag_ms: health.lagMs,
    })),
  ];
}
