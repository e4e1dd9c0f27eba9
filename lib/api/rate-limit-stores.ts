import type { SqlExecutor } from "@/lib/db/sql-executor";

/**
 * Counts hits in fixed windows. `hit` adds one to the key's count for the window starting at
 * `windowStart` and answers the new count; every instance sharing a store shares the budget.
 */
export type RateLimitStore = {
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
};

/** One process's memory: right for the embedded default, which is one process. */
export function memoryStore(): RateLimitStore {
  const counts = new Map<string, { windowStart: number; count: number }>();
  return {
    async hit(key, windowStart) {
      const entry = counts.get(key);
      if (!entry || entry.windowStart !== windowStart) {
        // Old windows are replaced as their keys come back; a sweep keeps idle keys from piling up.
        if (counts.size > 50_000) for (const [k, v] of counts) if (v.windowStart < windowStart) counts.delete(k);
        counts.set(key, { windowStart, count: 1 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
  };
}

/** A table in the app's PostgreSQL: one upsert a request, shared by every instance. */
export function postgresStore(sql: SqlExecutor): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowStart, windowMs) {
      const rows = await sql.query<{ count: number }>(
        `INSERT INTO "rate_limit_counter" ("key", "window_start", "count") VALUES ($1, to_timestamp($2::double precision / 1000), 1)
         ON CONFLICT ("key", "window_start") DO UPDATE SET "count" = "rate_limit_counter"."count" + 1
         RETURNING "count"`,
        [key, windowStart],
      );
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        await sql.query(`DELETE FROM "rate_limit_counter" WHERE "window_start" < to_timestamp($1::double precision / 1000)`, [windowStart - 10 * windowMs]);
      }
      return Number(rows[0].count);
    },
  };
}

type RedisMulti = { incr(key: string): RedisMulti; pExpire(key: string, ms: number): RedisMulti; exec(): Promise<unknown> };
type RedisLike = { multi(): RedisMulti };

/** Redis: INCR with an expiry, so counters clean themselves up. */
export function redisStore(client: RedisLike): RateLimitStore {
  return {
    async hit(key, windowStart, windowMs) {
      const redisKey = `ratelimit:${key}:${windowStart}`;
      const replies = (await client.multi().incr(redisKey).pExpire(redisKey, windowMs * 2).exec()) as unknown[];
      return Number(replies[0]);
    },
  };
}
