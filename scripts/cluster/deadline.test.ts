import { afterEach, describe, expect, it, vi } from "vitest";
import { withDeadline } from "@/scripts/cluster/deadline";

afterEach(() => vi.useRealTimers());

describe("withDeadline", () => {
  it("gives up on work that never settles, and aborts its signal", async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const answer = withDeadline(5_000, (signal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    });
    const outcome = expect(answer).rejects.toThrow("no answer within 5 s");
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
    expect(seen?.aborted).toBe(true);
  });

  it("answers with the work's result and leaves no timer behind", async () => {
    vi.useFakeTimers();
    expect(await withDeadline(5_000, async () => 200)).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });
});
