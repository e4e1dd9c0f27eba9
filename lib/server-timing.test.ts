import { afterEach, describe, expect, it } from "vitest";
import { processSlot } from "@/lib/process-singleton";
import { addTiming, serverTimingHeader, timed, withServerTiming } from "@/lib/server-timing";

const slot = processSlot<unknown>("server-timing");

afterEach(() => {
  delete process.env.SERVER_TIMING;
  slot.set(undefined);
});

describe("Server-Timing marks", () => {
  it("are off unless SERVER_TIMING=1: no header, and the work still runs", async () => {
    const header = await withServerTiming(async () => {
      expect(await timed("count", Promise.resolve(7))).toBe(7);
      return serverTimingHeader(performance.now());
    });
    expect(header).toBeNull();
  });

  it("sum each mark over its calls and end with gc and total", async () => {
    process.env.SERVER_TIMING = "1";
    const started = performance.now();
    const header = await withServerTiming(async () => {
      await timed("count", new Promise((resolve) => setImmediate(resolve)));
      addTiming("pool", 1.5);
      addTiming("pool", 2);
      return serverTimingHeader(started);
    });
    expect(header).toMatch(/^count;dur=\d+\.\d\d, pool;dur=3\.50, gc;dur=\d+\.\d\d, total;dur=\d+\.\d\d$/);
  });

  it("keep one request's marks apart from another's", async () => {
    process.env.SERVER_TIMING = "1";
    const [first, second] = await Promise.all([
      withServerTiming(async () => {
        addTiming("pool", 1);
        return serverTimingHeader(performance.now());
      }),
      withServerTiming(async () => serverTimingHeader(performance.now())),
    ]);
    expect(first).toContain("pool;dur=1.00");
    expect(second).not.toContain("pool");
  });
});
