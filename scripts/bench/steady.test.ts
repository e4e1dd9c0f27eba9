import { describe, expect, it } from "vitest";
import { tailBreakdown, type SteadySample } from "@/scripts/bench/steady";

const sample = (latency: number, marks: Record<string, number> = {}): SteadySample => ({ latency, marks });

describe("tailBreakdown", () => {
  it("reads the slowest 1 %: what they waited for and the time outside the handler", () => {
    const fast = Array.from({ length: 196 }, () => sample(5, { total: 4 }));
    const slow = [
      sample(90, { count: 40, gc: 1, handler: 45, total: 50 }),
      sample(80, { count: 30, gc: 6, handler: 35, total: 40 }),
    ];
    const result = tailBreakdown([...fast, ...slow]);
    expect(result.slowest).toBe(2);
    expect(result.thresholdMs).toBe(80);
    expect(result.waited).toMatchObject({ count: 2, gc: 1, pool: 0, outside: 2 });
    expect(result.medianMs.count).toBe(30);
    expect(result.medianMs.outside).toBe(40);
  });
});
