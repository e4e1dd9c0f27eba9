import { describe, expect, it } from "vitest";
import { coalescingStore, type AddingStore } from "@/lib/counters/coalesce";
import { memoryStore, postgresStore } from "@/lib/counters/stores";
import { getDatabase } from "@/lib/db/client";

const t0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const minute = 60_000;

/** An in-memory adding store whose writes wait until released, recording each write's size. */
function heldStore() {
  const counts = new Map<string, number>();
  const writes: number[] = [];
  const pending: Array<() => void> = [];
  const store: AddingStore = {
    ...memoryStore(),
    add(key, windowStart, _keepMs, hits) {
      writes.push(hits);
      return new Promise((resolve, reject) =>
        pending.push(() => {
          if (key === "fail") return reject(new Error("store down"));
          const name = `${key}@${windowStart}`;
          const total = (counts.get(name) ?? 0) + hits;
          counts.set(name, total);
          resolve(total);
        }),
      );
    },
  };
  const releaseAll = async () => {
    while (pending.length > 0) {
      pending.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { store, writes, releaseAll };
}

describe("coalesced counting", () => {
  it("sends a lone hit at once, and the hits that arrive meanwhile as one write", async () => {
    const { store, writes, releaseAll } = heldStore();
    const coalesced = coalescingStore(store);
    const counts = Array.from({ length: 5 }, () => coalesced.hit("a", t0, minute));
    expect(writes).toEqual([1]);
    await releaseAll();
    expect(await Promise.all(counts)).toEqual([1, 2, 3, 4, 5]);
    expect(writes).toEqual([1, 4]);
  });

  it("keeps windows and keys apart", async () => {
    const { store, writes, releaseAll } = heldStore();
    const coalesced = coalescingStore(store);
    const counts = [
      coalesced.hit("a", t0, minute),
      coalesced.hit("b", t0, minute),
      coalesced.hit("a", t0 + minute, minute),
      coalesced.hit("a", t0, minute),
    ];
    expect(writes).toEqual([1, 1, 1]);
    await releaseAll();
    expect(await Promise.all(counts)).toEqual([1, 1, 1, 2]);
  });

  it("fails every hit of a failed write, and the next hits write again", async () => {
    const { store, releaseAll } = heldStore();
    const coalesced = coalescingStore(store);
    const failing = [coalesced.hit("fail", t0, minute), coalesced.hit("fail", t0, minute)];
    const settled = Promise.allSettled(failing);
    await releaseAll();
    expect((await settled).map((result) => result.status)).toEqual(["rejected", "rejected"]);
    const later = coalesced.hit("a", t0, minute);
    await releaseAll();
    expect(await later).toBe(1);
  });

  it("on PostgreSQL, 40 concurrent hits get the counts 1 to 40 once each", async () => {
    const coalesced = coalescingStore(postgresStore((await getDatabase()).sql));
    const key = `coalesce:${process.pid}:${Date.now()}`;
    const counts = await Promise.all(Array.from({ length: 40 }, () => coalesced.hit(key, t0, minute)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(await coalesced.peek(key, [t0])).toEqual([40]);
  });

  it("with a lease, claims 1, 2, 4 … up to the lease and answers later hits from what it claimed", async () => {
    const { store, writes, releaseAll } = heldStore();
    const coalesced = coalescingStore(store);
    const counts: number[] = [];
    for (let index = 0; index < 20; index++) {
      const count = coalesced.hit("a", t0, minute, 8);
      await releaseAll();
      counts.push(await count);
    }
    expect(counts).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(writes).toEqual([1, 2, 4, 8, 8]);
    // A new window starts again from one claim of 1.
    const next = coalesced.hit("a", t0 + minute, minute, 8);
    await releaseAll();
    expect(await next).toBe(1);
    expect(writes).toEqual([1, 2, 4, 8, 8, 1]);
  });

  it("with a lease, two instances on one store never hand out a count twice", async () => {
    const { store, writes, releaseAll } = heldStore();
    const [one, two] = [coalescingStore(store), coalescingStore(store)];
    const counts: number[] = [];
    for (let index = 0; index < 60; index++) {
      const count = (index % 3 === 0 ? one : two).hit("a", t0, minute, 4);
      await releaseAll();
      counts.push(await count);
    }
    expect(new Set(counts).size).toBe(60);
    const claimed = writes.reduce((sum, hits) => sum + hits, 0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(claimed);
    // What the two hold unused at the end is at most a lease each.
    expect(claimed - 60).toBeLessThanOrEqual(2 * 4);
    expect(writes.length).toBeLessThan(60);
  });

  it("with a lease on PostgreSQL, 200 hits through two instances get distinct counts in few writes", async () => {
    const sql = (await getDatabase()).sql;
    let writes = 0;
    const inner = postgresStore(sql);
    const counted: AddingStore = {
      ...inner,
      add: (...args) => {
        writes++;
        return inner.add(...args);
      },
    };
    const [one, two] = [coalescingStore(counted), coalescingStore(counted)];
    const key = `lease:${process.pid}:${Date.now()}`;
    const counts: number[] = [];
    for (let index = 0; index < 200; index++)
      counts.push(await (index % 2 ? one : two).hit(key, t0, minute, 10));
    expect(new Set(counts).size).toBe(200);
    const [stored] = await one.peek(key, [t0]);
    expect(stored).toBeGreaterThanOrEqual(200);
    expect(stored).toBeLessThanOrEqual(200 + 2 * 10);
    expect(writes).toBeLessThanOrEqual(50);
  });
});
