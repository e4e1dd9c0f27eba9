import { beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { forgetInventoryCounts, sharedTotal } from "@/lib/inventory/shared-total";

// A count the test finishes when it chooses, and how many were started.
function counter() {
  const pending: Array<(value: number) => void> = [];
  return {
    started: () => pending.length,
    count: () => new Promise<number>((resolve) => pending.push(resolve)),
    finish: (index: number, value: number) => pending[index](value),
  };
}

const statement = Prisma.sql`SELECT count(*) FROM inventory_number WHERE country_id = ${"US"}`;
const T0 = 1_000_000;

describe("shared search totals", () => {
  const owner = {};
  beforeEach(() => forgetInventoryCounts());

  it("share one count between concurrent searches and reuse it for 2 s", async () => {
    const counts = counter();
    const first = sharedTotal(owner, statement, counts.count, T0);
    const second = sharedTotal(owner, statement, counts.count, T0 + 10);
    expect(counts.started()).toBe(1);
    counts.finish(0, 500);
    expect(await first).toBe(500);
    expect(await second).toBe(500);
    expect(await sharedTotal(owner, statement, counts.count, T0 + 1_999)).toBe(500);
    expect(counts.started()).toBe(1);
  });

  it("answer with the old total while one recount runs, then with the recount's", async () => {
    const counts = counter();
    const first = sharedTotal(owner, statement, counts.count, T0);
    counts.finish(0, 500);
    await first;
    // Expired: the old total answers at once, and one recount starts (not two).
    expect(await sharedTotal(owner, statement, counts.count, T0 + 2_500)).toBe(500);
    expect(await sharedTotal(owner, statement, counts.count, T0 + 2_600)).toBe(500);
    expect(counts.started()).toBe(2);
    counts.finish(1, 480);
    await Promise.resolve();
    await Promise.resolve();
    expect(await sharedTotal(owner, statement, counts.count, T0 + 2_700)).toBe(480);
    expect(counts.started()).toBe(2);
  });

  it("wait for a fresh count once the old total is more than twice the reuse time old", async () => {
    const counts = counter();
    const first = sharedTotal(owner, statement, counts.count, T0);
    counts.finish(0, 500);
    await first;
    const late = sharedTotal(owner, statement, counts.count, T0 + 4_001);
    expect(counts.started()).toBe(2);
    counts.finish(1, 470);
    expect(await late).toBe(470);
  });

  it("count afresh after this process's own sale", async () => {
    const counts = counter();
    const first = sharedTotal(owner, statement, counts.count, T0);
    counts.finish(0, 500);
    await first;
    forgetInventoryCounts();
    const after = sharedTotal(owner, statement, counts.count, T0 + 100);
    expect(counts.started()).toBe(2);
    counts.finish(1, 499);
    expect(await after).toBe(499);
  });

  it("do not keep a failed count: the next search counts again", async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error("connection lost"));
    };
    await expect(sharedTotal(owner, statement, failing, T0)).rejects.toThrow("connection lost");
    await expect(sharedTotal(owner, statement, failing, T0 + 1)).rejects.toThrow("connection lost");
    expect(calls).toBe(2);
  });
});
