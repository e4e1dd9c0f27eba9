import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { memoryStore, postgresStore, redisStore, type RateLimitStore } from "@/lib/counters/stores";
import { getDatabase } from "@/lib/db/client";
import { coalescingStore } from "@/lib/counters/coalesce";

// The three stores behave alike. PostgreSQL's SQL runs on this file's database: PGlite in
// `npm test`, the server in `npm run test:pg`; Redis runs when REDIS_TEST_URL is set.

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const windows = [t0, t0 + minute, t0 + 2 * minute];

const redis = process.env.REDIS_TEST_URL ? createClient({ url: process.env.REDIS_TEST_URL }) : null;
afterAll(async () => {
  if (redis?.isOpen) await redis.quit();
});

const stores: Array<{ name: string; open: () => Promise<RateLimitStore>; skip?: boolean }> = [
  { name: "memory", open: async () => memoryStore() },
  { name: "PostgreSQL", open: async () => postgresStore((await getDatabase()).sql) },
  // What the app uses on PostgreSQL (lib/counters/coalesce.ts): it must behave the same.
  {
    name: "coalesced PostgreSQL",
    open: async () => coalescingStore(postgresStore((await getDatabase()).sql)),
  },
  {
    name: "Redis",
    skip: redis === null,
    open: async () => {
      if (redis && !redis.isOpen) await redis.connect();
      return redisStore(redis as NonNullable<typeof redis>);
    },
  },
  {
    name: "coalesced Redis",
    skip: redis === null,
    open: async () => {
      if (redis && !redis.isOpen) await redis.connect();
      return coalescingStore(redisStore(redis as NonNullable<typeof redis>));
    },
  },
];

describe.each(stores)("the $name counter store", ({ open, skip }) => {
  // Keys of their own, so runs sharing one Redis do not meet.
  const key = (name: string) => `test:${process.pid}:${Date.now()}:${name}`;

  it.skipIf(skip)("counts hits per key and window", async () => {
    const store = await open();
    const [a, b] = [key("a"), key("b")];
    expect([
      await store.hit(a, t0, 15 * minute),
      await store.hit(a, t0, 15 * minute),
      await store.hit(a, t0 + 2 * minute, 15 * minute),
    ]).toEqual([1, 2, 1]);
    expect(await store.hit(b, t0, 15 * minute)).toBe(1);
    expect(await store.peek(a, windows)).toEqual([2, 0, 1]);
    expect(await store.peek(b, windows)).toEqual([1, 0, 0]);
  });

  it.skipIf(skip)("reads without adding, in the order asked", async () => {
    const store = await open();
    const a = key("a");
    await store.hit(a, t0 + minute, minute);
    expect(await store.peek(a, [t0 + 2 * minute, t0 + minute, t0])).toEqual([0, 1, 0]);
    expect(await store.peek(a, [t0 + minute])).toEqual([1]);
    expect(await store.peek(a, [])).toEqual([]);
    expect(await store.peek(key("never"), windows)).toEqual([0, 0, 0]);
  });

  it.skipIf(skip)("forgets the windows it is told to, and only them", async () => {
    const store = await open();
    const [a, b] = [key("a"), key("b")];
    for (const windowStart of windows) await store.hit(a, windowStart, 15 * minute);
    await store.hit(b, t0, 15 * minute);
    await store.reset(a, [t0, t0 + minute]);
    expect(await store.peek(a, windows)).toEqual([0, 0, 1]);
    expect(await store.peek(b, windows)).toEqual([1, 0, 0]);
    await store.reset(a, []);
    expect(await store.hit(a, t0, 15 * minute)).toBe(1);
  });
});
