import "server-only";
import { createHash } from "node:crypto";
import { getCounterStore, type RateLimitStore } from "@/lib/counters/stores";
import { ApiError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";

// Budgets for the account actions a stranger can repeat (sign-up, reset, resend), in the
// shared counter store as the sign-in throttle's, so every instance counts every attempt.
// Fixed windows: simple, and generous enough that the edge of a window does not matter here.

export type AttemptBudget = { limit: number; windowMs: number };

const ATTEMPT_BUDGETS = {
  /** Sign-ups from one client address. */
  signup_address: { limit: 10, windowMs: 60 * 60_000 },
  /** Reset requests from one client address, and for one email (from anywhere). */
  reset_address: { limit: 20, windowMs: 60 * 60_000 },
  reset_email: { limit: 5, windowMs: 60 * 60_000 },
  /** Verification emails sent again, per person. */
  resend_user: { limit: 5, windowMs: 60 * 60_000 },
  /** Links tried (verification and reset) from one client address. */
  link_address: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, AttemptBudget>;

export type AttemptBudgetName = keyof typeof ATTEMPT_BUDGETS;

export class AttemptThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
    private readonly budgets: Record<AttemptBudgetName, AttemptBudget> = ATTEMPT_BUDGETS,
  ) {}

  /**
   * Counts one attempt against each (budget, subject); throws 429 rate_limited with
   * Retry-After when any is over. A null subject (an address that is not known) is skipped.
   */
  async take(...attempts: Array<[AttemptBudgetName, string | null]>): Promise<void> {
    const now = this.now();
    let waitMs = 0;
    for (const [name, subject] of attempts) {
      if (subject === null) continue;
      const { limit, windowMs } = this.budgets[name];
      const windowStart = Math.floor(now / windowMs) * windowMs;
      // Hashed: the counter table need not hold the emails people typed.
      const digest = createHash("sha256").update(subject.toLowerCase()).digest("hex").slice(0, 32);
      const count = await this.store.hit(`attempt:${name}:${digest}`, windowStart, windowMs);
      if (count > limit) waitMs = Math.max(waitMs, windowStart + windowMs - now);
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new ApiError(
        "rate_limited",
        `Too many attempts; try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
        `retry_after=${seconds}s`,
        { "Retry-After": String(seconds) },
      );
    }
  }
}

const throttle = processSingleton(
  "attempt-throttle",
  async () => new AttemptThrottle(await getCounterStore()),
);

export function getAttemptThrottle(): Promise<AttemptThrottle> {
  return throttle.get();
}

/** Puts a given throttle in place for this process (tests with an injected clock). */
export function setAttemptThrottle(value: AttemptThrottle): void {
  throttle.set(value);
}
