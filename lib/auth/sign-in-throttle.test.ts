import { describe, expect, it } from "vitest";
import { createClient } from "redis";
import { memoryStore, postgresStore, redisStore, type RateLimitStore } from "@/lib/counters/stores";
import { SIGN_IN_THROTTLE, SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { connectPostgres } from "@/lib/db/client";
import { testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";

const MINUTE = 60_000;
const t0 = Date.UTC(2026, 10, 22, 12, 0, 0); // the start of a slot

function throttles(count = 1, store: RateLimitStore = memoryStore()) {
  const clock = { now: t0 };
  return {
    clock,
    store,
    instances: Array.from(
      { length: count },
      () => new SignInThrottle(store, SIGN_IN_THROTTLE, () => clock.now),
    ),
  };
}

/** One wrong password, as verifyCredentials handles it; the attempt must have been admitted. */
async function fail(throttle: SignInThrottle, email: string, address: string | null): Promise<void> {
  expect(await throttle.admit(email, address)).toBe(0);
  await throttle.recordFailure(address);
}

describe("SignInThrottle", () => {
  it("has the documented budgets", () => {
    expect(SIGN_IN_THROTTLE).toEqual({ perEmail: 10, perAddress: 30, windowMs: 15 * MINUTE, slotMs: MINUTE });
  });

  it.each([
    { failures: 0, waitMs: 0 },
    { failures: 9, waitMs: 0 },
    { failures: 10, waitMs: 15 * MINUTE },
  ])("after $failures failures at once, waits $waitMs ms", async ({ failures, waitMs }) => {
    const [throttle] = throttles().instances;
    for (let i = 0; i < failures; i++) await fail(throttle, "a@example.com", "10.0.0.1");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(waitMs);
    expect(await throttle.admit("a@example.com", "10.0.0.1")).toBe(waitMs);
  });

  it("frees attempts as the oldest one-minute slots leave the quarter hour", async () => {
    const {
      clock,
      instances: [throttle],
    } = throttles();
    // One failure half way through each of minutes 0–9.
    for (let minute = 0; minute < 10; minute++) {
      clock.now = t0 + minute * MINUTE + 30_000;
      await fail(throttle, "a@example.com", "10.0.0.1");
    }
    clock.now = t0 + 10 * MINUTE + 30_000;
    // Minute 0's slot leaves at 15:00, a full window after the slot began.
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(4.5 * MINUTE);
    clock.now = t0 + 15 * MINUTE - 1;
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(1);
    clock.now = t0 + 15 * MINUTE;
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
    // One attempt is free; after it fails, minute 1's slot is the next to go.
    await fail(throttle, "a@example.com", "10.0.0.1");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(MINUTE);
  });

  it("counts failures across instances that share a store", async () => {
    const {
      instances: [a, b],
    } = throttles(2);
    for (let i = 0; i < 5; i++) {
      await fail(a, "a@example.com", "10.0.0.1");
      await fail(b, "a@example.com", "10.0.0.1");
    }
    expect(await a.admit("a@example.com", "10.0.0.1")).toBe(15 * MINUTE);
    expect(await b.admit("a@example.com", "10.0.0.1")).toBe(15 * MINUTE);
  });

  it("gives no fresh attempts at an email to a client that changes its address", async () => {
    const [throttle] = throttles().instances;
    for (let i = 0; i < 10; i++) await fail(throttle, "a@example.com", `10.0.0.${i}`);
    expect(await throttle.admit("a@example.com", "10.0.0.99")).toBe(15 * MINUTE);
    expect(await throttle.admit("A@Example.com ", null)).toBe(15 * MINUTE);
    // Other emails from those addresses are not held up.
    expect(await throttle.admit("b@example.com", "10.0.0.1")).toBe(0);
  });

  it("limits one address across emails, and only a known address", async () => {
    const [throttle] = throttles().instances;
    for (let i = 0; i < 30; i++) await fail(throttle, `user${i}@example.com`, "10.0.0.1");
    expect(await throttle.admit("fresh@example.com", "10.0.0.1")).toBe(15 * MINUTE);
    expect(await throttle.admit("fresh@example.com", "10.0.0.2")).toBe(0);
    // Unknown addresses do not share one budget: that would let anyone lock everyone out.
    for (let i = 0; i < 30; i++) await fail(throttle, `other${i}@example.com`, null);
    expect(await throttle.admit("another@example.com", null)).toBe(0);
  });

  it("forgets the email's failures on a success, never the address's", async () => {
    const [throttle] = throttles().instances;
    for (let i = 0; i < 9; i++) await fail(throttle, "a@example.com", "10.0.0.1");
    expect(await throttle.admit("a@example.com", "10.0.0.1")).toBe(0);
    await throttle.recordSuccess("a@example.com");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
    for (let i = 0; i < 10; i++) await fail(throttle, "a@example.com", "10.0.0.2");
    expect(await throttle.admit("a@example.com", "10.0.0.2")).toBe(15 * MINUTE);

    // An attacker at 10.0.0.3 with 29 failures signs in to their own account: the 30th is still their last.
    const own = "attacker@example.com";
    for (let i = 0; i < 29; i++) await fail(throttle, `victim${i}@example.com`, "10.0.0.3");
    expect(await throttle.admit(own, "10.0.0.3")).toBe(0);
    await throttle.recordSuccess(own);
    await fail(throttle, "victim29@example.com", "10.0.0.3");
    expect(await throttle.admit("victim30@example.com", "10.0.0.3")).toBe(15 * MINUTE);
    expect(await throttle.admit(own, "10.0.0.3")).toBe(15 * MINUTE);
  });

  it("lets no more than the budget of parallel attempts through", async () => {
    const [throttle] = throttles().instances;
    const waits = await Promise.all(
      Array.from({ length: 25 }, (_, i) => throttle.admit("a@example.com", `10.0.1.${i}`)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(waits.filter((wait) => wait === 15 * MINUTE)).toHaveLength(15);
    expect(await throttle.retryAfterMs("a@example.com", null)).toBe(15 * MINUTE);
  });
});

// Two app instances share the store, each through its own connection.
async function sharedAcrossConnections(
  stores: [RateLimitStore, RateLimitStore],
  email: string,
): Promise<number[]> {
  const {
    instances: [a],
  } = throttles(1, stores[0]);
  const {
    instances: [b],
  } = throttles(1, stores[1]);
  const waits: number[] = [];
  for (let i = 0; i < 12; i++) {
    const throttle = i % 2 === 0 ? a : b;
    const address = `10.9.0.${i}`;
    const wait = await throttle.admit(email, address);
    if (wait === 0) await throttle.recordFailure(address);
    waits.push(wait);
  }
  // A success through one instance clears what both counted.
  await a.recordSuccess(email);
  waits.push(await b.admit(email, "10.9.0.99"));
  return waits;
}

const sharedWaits = [...Array(10).fill(0), 15 * MINUTE, 15 * MINUTE, 0];

describe.runIf(testDatabaseKind === "postgres")("the sign-in throttle on one PostgreSQL", () => {
  it("counts failures from both instances", async () => {
    const url = await testDatabaseUrl();
    const [a, b] = await Promise.all([connectPostgres(url, 2), connectPostgres(url, 2)]);
    expect(
      await sharedAcrossConnections([postgresStore(a.sql), postgresStore(b.sql)], "shared@example.com"),
    ).toEqual(sharedWaits);
    await Promise.all([a.close(), b.close()]);
  });
});

describe.runIf(Boolean(process.env.REDIS_TEST_URL))("the sign-in throttle on one Redis", () => {
  it("counts failures from both instances", async () => {
    const clients = [
      createClient({ url: process.env.REDIS_TEST_URL }),
      createClient({ url: process.env.REDIS_TEST_URL }),
    ];
    await Promise.all(clients.map((client) => client.connect()));
    const email = `shared-${process.pid}-${Date.now()}@example.com`;
    expect(await sharedAcrossConnections([redisStore(clients[0]), redisStore(clients[1])], email)).toEqual(
      sharedWaits,
    );
    await Promise.all(clients.map((client) => client.quit()));
  });
});
