import "server-only";
import { getEnv } from "@/lib/env";
import { getDatabase } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { RateLimitStore } from "@/lib/counters/store-type";
import { processSingleton } from "@/lib/process-singleton";
import { coalescingStore, type AddingStore } from "@/lib/counters/coalesce";

export type { RateLimitStore } from "@/lib/counters/store-type";

// Counts are deleted once their window started this long ago (or ten windows, if longer),
// so a sweep after an API hit cannot take a sign-in count that is still being read.
const RETAIN_MS = 60 * 60_000;
const retainMs = (keepMs: number) => Math.max(RETAIN_MS, 10 * keepMs);

/** One process's memory: right for the embedded default, which is one process. */
export function memoryStore(): RateLimitStore {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  const slot = (key: string, windowStart: number) => `${key}\u0000${windowStart}`;
  let sweptAt = -Infinity;
  return {
    async hit(key, windowStart, keepMs) {
      const entry = counts.get(slot(key, windowStart));
      if (entry) return ++entry.count;
      // Idle keys would pile up: past a size, expired windows go, at most once per window start.
      if (counts.size > 50_000 && windowStart > sweptAt) {
        sweptAt = windowStart;
        for (const [k, v] of counts) if (v.expiresAt <= windowStart) counts.delete(k);
      }
      counts.set(slot(key, windowStart), { count: 1, expiresAt: windowStart + keepMs });
      return 1;
    },
    async peek(key, windowStarts) {
      return windowStarts.map((windowStart) => counts.get(slot(key, windowStart))?.count ?? 0);
    },
    async reset(key, windowStarts) {
      for (const windowStart of windowStarts) counts.delete(slot(key, windowStart));
    },
  };
}

/** A table in the app's PostgreSQL: one upsert a write, shared by every instance. */
export function postgresStore(sql: SqlExecutor): AddingStore {
  let hitsSinceSweep = 0;
  const add = async (key: string, windowStart: number, keepMs: number, hits: number) => {
    const rows = await sql.query<{ count: number }>(
      `INSERT INTO "rate_limit_counter" ("key", "window_start", "count") VALUES ($1, to_timestamp($2::double precision / 1000), $3)
       ON CONFLICT ("key", "window_start") DO UPDATE SET "count" = "rate_limit_counter"."count" + EXCLUDED."count"
       RETURNING "count"`,
      [key, windowStart, hits],
    );
    hitsSinceSweep += hits;
    if (hitsSinceSweep >= 1000) {
      hitsSinceSweep = 0;
      await sql.query(
        `DELETE FROM "rate_limit_counter" WHERE "window_start" < to_timestamp($1::double precision / 1000)`,
        [windowStart - retainMs(keepMs)],
      );
    }
    return Number(rows[0].count);
  };
  return {
    add,
    hit: (key, windowStart, keepMs) => add(key, windowStart, keepMs, 1),
    async peek(key, windowStarts) {
      if (windowStarts.length === 0) return [];
      const rows = await sql.query<{ start_ms: number | string; count: number }>(
        `SELECT (extract(epoch FROM "window_start") * 1000)::double precision AS start_ms, "count" FROM "rate_limit_counter"
         WHERE "key" = $1 AND "window_start" BETWEEN to_timestamp($2::double precision / 1000) AND to_timestamp($3::double precision / 1000)`,
        [key, Math.min(...windowStarts), Math.max(...windowStarts)],
      );
      const byStart = new Map(rows.map((row) => [Number(row.start_ms), Number(row.count)]));
      return windowStarts.map((windowStart) => byStart.get(windowStart) ?? 0);
    },
    async reset(key, windowStarts) {
      if (windowStarts.length === 0) return;
      await sql.query(
        `DELETE FROM "rate_limit_counter"
         WHERE "key" = $1 AND "window_start" BETWEEN to_timestamp($2::double precision / 1000) AND to_timestamp($3::double precision / 1000)`,
        [key, Math.min(...windowStarts), Math.max(...windowStarts)],
      );
    },
  };
}

type RedisMulti = {
  incrBy(key: string, increment: number): RedisMulti;
  pExpire(key: string, ms: number): RedisMulti;
  exec(): Promise<unknown>;
};
type RedisLike = {
  multi(): RedisMulti;
  mGet(keys: string[]): Promise<Array<string | null>>;
  del(keys: string[]): Promise<unknown>;
};

/** Redis: INCRBY with an expiry, so counters clean themselves up. */
export function redisStore(client: RedisLike): AddingStore {
  const redisKey = (key: string, windowStart: number) => `ratelimit:${key}:${windowStart}`;
  const add = async (key: string, windowStart: number, keepMs: number, hits: number) => {
    const name = redisKey(key, windowStart);
    const replies = (await client
      .multi()
      .incrBy(name, hits)
      .pExpire(name, keepMs * 2)
      .exec()) as unknown[];
    return Number(replies[0]);
  };
  return {
    add,
    hit: (key, windowStart, keepMs) => add(key, windowStart, keepMs, 1),
    async peek(key, windowStarts) {
      if (windowStarts.length === 0) return [];
      const values = await client.mGet(windowStarts.map((windowStart) => redisKey(key, windowStart)));
      return values.map((value) => (value === null ? 0 : Number(value)));
    },
    async reset(key, windowStarts) {
      if (windowStarts.length > 0)
        await client.del(windowStarts.map((windowStart) => redisKey(key, windowStart)));
    },
  };
}

/** The store the environment names: Redis with REDIS_URL, else the app's PostgreSQL, else memory. */
async function storeFromEnv(): Promise<RateLimitStore> {
  const env = getEnv();
  if (env.REDIS_URL) {
    const { createClient } = await import("redis");
    const client = createClient({ url: env.REDIS_URL });
    client.on("error", (error: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "redis", error: String(error) })),
    );
    await client.connect();
    return coalescingStore(redisStore(client));
  }
  const database = await getDatabase();
  // Concurrent hits on one window share a write, and a busy caller's counts are claimed
  // ahead (lib/counters/coalesce.ts).
  return database.kind === "postgres" ? coalescingStore(postgresStore(database.sql)) : memoryStore();
}

const counterStore = processSingleton("counter-store", storeFromEnv);

/** One store per process, shared by the API's rate limit and the sign-in throttle. */
export function getCounterStore(): Promise<RateLimitStore> {
  return counterStore.get();
}
