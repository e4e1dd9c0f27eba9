import { describe, expect, it } from "vitest";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";

const MINUTE = 60_000;

function throttleAt(start = 0) {
  const clock = { now: start };
  return { clock, throttle: new SignInThrottle({ maxFailures: 5, windowMs: 15 * MINUTE }, () => clock.now) };
}

describe("SignInThrottle", () => {
  it.each([
    { failures: 0, waitMs: 0 },
    { failures: 4, waitMs: 0 },
    { failures: 5, waitMs: 15 * MINUTE },
    { failures: 9, waitMs: 15 * MINUTE },
  ])("after $failures failures at once, waits $waitMs ms", ({ failures, waitMs }) => {
    const { throttle } = throttleAt();
    for (let i = 0; i < failures; i++) throttle.recordFailure("a@example.com", "10.0.0.1");
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(waitMs);
  });

  it("frees an attempt as the oldest failure leaves the window", () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 5; i++) {
      throttle.recordFailure("a@example.com", "10.0.0.1");
      clock.now += MINUTE;
    }
    // Failures at minutes 0–4; at minute 5 the first one ages out at minute 15.
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(10 * MINUTE);
    clock.now = 15 * MINUTE;
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
  });

  it("counts per email (any case) and address, and forgets on success", () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure("A@Example.com", "10.0.0.1");
    expect(throttle.retryAfterMs("a@example.com ", "10.0.0.1")).toBeGreaterThan(0);
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.2")).toBe(0);
    expect(throttle.retryAfterMs("b@example.com", "10.0.0.1")).toBe(0);
    throttle.recordSuccess("a@example.com", "10.0.0.1");
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
  });
});
