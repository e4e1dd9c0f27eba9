import { describe, expect, it } from "vitest";
import type { Handler } from "@/lib/worker/handlers";
import { runWorkerPass } from "@/lib/worker/worker";

// The loop's pass over the registry: queue handlers every pass, a sweep when its period has
// gone by, in the registry's order; only the queues' claims count towards "go on at once".

describe("runWorkerPass", () => {
  it("runs the queues every pass and a sweep once per period, in order", async () => {
    let clock = Date.parse("2026-11-28T09:00:00.000Z");
    const ran: string[] = [];
    const handlers: Handler[] = [
      {
        name: "sweep",
        everyMs: 60_000,
        run: async () => {
          ran.push("sweep");
          return 99; // a sweep's answer is not a claim
        },
      },
      {
        name: "queue",
        run: async () => {
          ran.push("queue");
          return 2;
        },
      },
    ];
    const lastRun = new Map<string, number>();
    const context = { now: () => new Date(clock), leaseMs: 30_000 };

    expect(await runWorkerPass(handlers, context, lastRun)).toBe(2);
    clock += 59_999;
    expect(await runWorkerPass(handlers, context, lastRun)).toBe(2);
    clock += 1;
    expect(await runWorkerPass(handlers, context, lastRun)).toBe(2);
    expect(ran).toEqual(["sweep", "queue", "queue", "sweep", "queue"]);
  });
});
