import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { leaseFor, RateLimiter, setRateLimiter } from "@/lib/api/rate-limit";
import { coalescingStore } from "@/lib/counters/coalesce";
import { memoryStore, postgresStore, redisStore } from "@/lib/counters/stores";
import { connectPostgres } from "@/lib/db/client";
import { api, get } from "@/tests/api-client";
import { testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";
import { ApiError } from "@/lib/errors";

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 22, 12, 0, 0); // the start of a window

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe("the rate limiter", () => {
  it("counts per caller and budget within a window and says what is left", async () => {
    const limiter = new RateLimiter(memoryStore(), { limits: { default: 3, orders: 1 }, windowMs: minute });
    const first = await limiter.check("token:a", "default", t0 + 18_000);
    expect(first.headers).toEqual({
      "RateLimit-Policy": '"default";q=3;w=60',
      RateLimit: '"default";r=2;t=42',
    });
    expect((await limiter.check("token:a", "default", t0 + 18_000)).headers.RateLimit).toBe(
      '"default";r=1;t=42',
    );
    expect((await limiter.check("token:a", "default", t0 + 18_000)).headers.RateLimit).toBe(
      '"default";r=0;t=42',
    );
    const refused = await limiter.check("token:a", "default", t0 + 18_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toEqual({
      message: "Too Many Requests",
      error: {
        message: "Too many requests: the limit is 3 a minute; retry in 42 s.",
        details: "budget=default limit=3 window=60s",
        code: "rate_limited",
      },
    });
    expect((refused as ApiError).headers).toEqual({
      "RateLimit-Policy": '"default";q=3;w=60',
      RateLimit: '"default";r=0;t=42',
      "Retry-After": "42",
    });
    // Another caller, another budget and the next window each start afresh.
    expect(await statusOf(limiter.check("token:b", "default", t0 + 18_000))).toBe(200);
    expect(await statusOf(limiter.check("token:a", "orders", t0 + 18_000))).toBe(200);
    expect(await statusOf(limiter.check("token:a", "orders", t0 + 18_000))).toBe(429);
    expect(await statusOf(limiter.check("token:a", "default", t0 + minute))).toBe(200);
  });
});

describe("rate limits on the API", () => {
  afterAll(() =>
    setRateLimiter(
      new RateLimiter(memoryStore(), { limits: { default: 1e9, orders: 1e9 }, windowMs: minute }),
    ),
  );

  it("answer 429 with Retry-After once a token's budget is spent, and send the headers on every answer", async () => {
    setRateLimiter(new RateLimiter(memoryStore(), { limits: { default: 2, orders: 1 }, windowMs: minute }));
    const first = await get("/countries", { token: "acmeAll" });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"default";r=1;t=\d+$/);
    expect((await get("/countries", { token: "acmeAll" })).status).toBe(200);
    const limited = await get("/countries", { token: "acmeAll" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);
    expect((limited.body as { error: { code: string } }).error.code).toBe("rate_limited");
    // The budget is per token: another organization's token is untouched.
    expect((await get("/countries", { token: "globexAll" })).status).toBe(200);
  });

  it("give POST /order its own smaller budget", async () => {
    setRateLimiter(new RateLimiter(memoryStore(), { limits: { default: 100, orders: 1 }, windowMs: minute }));
    const order = {
      contact_name: "Rate Test",
      items: [{ country: "US", number_type: "toll_free", quantity: 1 }],
    };
    expect((await api("POST", "/order", { token: "acmeAll", body: order })).status).toBe(200);
    const second = await api("POST", "/order", { token: "acmeAll", body: order });
    expect(second.status).toBe(429);
    expect(second.headers.get("ratelimit-policy")).toBe('"orders";q=1;w=60');
    expect((await get("/countries", { token: "acmeAll" })).status).toBe(200);
  });
});

// Two app instances are two processes with their own connections; what they share is the
// store. Each limiter below has its own connection, as each instance would.
describe.runIf(testDatabaseKind === "postgres")("two instances on one PostgreSQL", () => {
  it("share one budget", async () => {
    const url = await testDatabaseUrl();
    const [a, b] = await Promise.all([connectPostgres(url, 2), connectPostgres(url, 2)]);
    const config = { limits: { default: 5, orders: 1 }, windowMs: minute };
    const instanceA = new RateLimiter(postgresStore(a.sql), config);
    const instanceB = new RateLimiter(postgresStore(b.sql), config);
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        await statusOf((i % 2 === 0 ? instanceA : instanceB).check("token:shared", "default", t0 + 1000)),
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    await Promise.all([a.close(), b.close()]);
  });

  it("with counts claimed ahead (a budget of 1,000: leases of 10), three never pass more than the budget", async () => {
    expect(leaseFor(1000)).toBe(10);
    const url = await testDatabaseUrl();
    const pools = await Promise.all([0, 1, 2].map(() => connectPostgres(url, 2)));
    let writes = 0;
    const config = { limits: { default: 1000, orders: 1 }, windowMs: minute };
    const instances = pools.map((pool) => {
      const store = postgresStore(pool.sql);
      const add: typeof store.add = (...args) => {
        writes++;
        return store.add(...args);
      };
      return new RateLimiter(coalescingStore({ ...store, add }), config);
    });
    const key = `token:leased-${process.pid}-${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 1300; i++)
      statuses.push(await statusOf(instances[i % 3].check(key, "default", t0 + 1000)));
    const passed = statuses.filter((status) => status === 200).length;
    // At most a lease less than one each on the two other instances is left unused: (3 − 1) × (10 − 1).
    expect(passed).toBeLessThanOrEqual(1000);
    expect(passed).toBeGreaterThanOrEqual(1000 - 2 * 9);
    expect(statuses.slice(1100).every((status) => status === 429)).toBe(true);
    expect(writes).toBeLessThan(1300 / 5);
    await Promise.all(pools.map((pool) => pool.close()));
  });
});

describe.runIf(Boolean(process.env.REDIS_TEST_URL))("two instances on one Redis", () => {
  it("share one budget", async () => {
    const clients = [
      createClient({ url: process.env.REDIS_TEST_URL }),
      createClient({ url: process.env.REDIS_TEST_URL }),
    ];
    await Promise.all(clients.map((client) => client.connect()));
    const key = `token:shared-${process.pid}-${Date.now()}`;
    const config = { limits: { default: 5, orders: 1 }, windowMs: minute };
    const [instanceA, instanceB] = clients.map((client) => new RateLimiter(redisStore(client), config));
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push(await statusOf((i % 2 === 0 ? instanceA : instanceB).check(key, "default", t0 + 1000)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    await Promise.all(clients.map((client) => client.quit()));
  });
});
