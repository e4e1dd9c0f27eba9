import "server-only";
import { createHash } from "node:crypto";
import { getCounterStore, type RateLimitStore } from "@/lib/counters/stores";
import { processSingleton } from "@/lib/process-singleton";

// Failed sign-ins in the shared counter store, so every instance sees every failure: a budget
// per email (from any address) and per client address, over a sliding 15 minutes in one-minute
// slots. A success clears the email's count, never the address's (docs/SECURITY.md).

export type SignInLimits = { perEmail: number; perAddress: number; windowMs: number; slotMs: number };

export const SIGN_IN_THROTTLE: SignInLimits = {
  perEmail: 10,
  perAddress: 30,
  windowMs: 15 * 60_000,
  slotMs: 60_000,
};

type Budget = { key: string; limit: number };

export class SignInThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: SignInLimits = SIGN_IN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until an attempt is allowed; 0 when one is allowed now. Counts nothing. */
  async retryAfterMs(email: string, address: string | null): Promise<number> {
    const now = this.now();
    const slots = this.slotsAt(now);
    const budgets = this.budgets(email, address);
    const counts = await Promise.all(budgets.map((budget) => this.store.peek(budget.key, slots)));
    return Math.max(
      0,
      ...budgets.map((budget, index) => this.waitMs(counts[index], slots, budget.limit, now)),
    );
  }

  /**
   * Before the password is checked. A budget spent: the wait, and the attempt is not counted.
   * Else 0, and the attempt counts against the email from now on (a success clears it): were
   * it counted only after the password check, parallel guesses would all pass this point
   * before the first of them was counted.
   */
  async admit(email: string, address: string | null): Promise<number> {
    const wait = await this.retryAfterMs(email, address);
    if (wait > 0) return wait;
    const now = this.now();
    const slots = this.slotsAt(now);
    const { key, limit } = this.emailBudget(email);
    const [earlier, current] = await Promise.all([
      this.store.peek(key, slots.slice(0, -1)),
      this.store.hit(key, slots[slots.length - 1], this.limits.windowMs),
    ]);
    const counts = [...earlier, current];
    // Over the limit only when other attempts were counted since the check above.
    return counts.reduce((sum, count) => sum + count, 0) <= limit
      ? 0
      : this.waitMs(counts, slots, limit, now);
  }

  /** A wrong password: the email was counted by admit(); the address is counted now. */
  async recordFailure(address: string | null): Promise<void> {
    if (address === null) return;
    const { slotMs, windowMs } = this.limits;
    await this.store.hit(this.addressBudget(address).key, Math.floor(this.now() / slotMs) * slotMs, windowMs);
  }

  /** The right password: the email's failures are forgotten (the address's are not). */
  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(this.emailBudget(email).key, this.slotsAt(this.now()));
  }

  private budgets(email: string, address: string | null): Budget[] {
    return address === null
      ? [this.emailBudget(email)]
      : [this.emailBudget(email), this.addressBudget(address)];
  }

  private emailBudget(email: string): Budget {
    // Hashed: the counter table need not hold what people typed into the email field.
    const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
    return { key: `signin:email:${digest}`, limit: this.limits.perEmail };
  }

  private addressBudget(address: string): Budget {
    return { key: `signin:address:${address}`, limit: this.limits.perAddress };
  }

  /** The starts of the slots the window covers at `now`, oldest first; the last is the current one. */
  private slotsAt(now: number): number[] {
    const { windowMs, slotMs } = this.limits;
    const current = Math.floor(now / slotMs) * slotMs;
    return Array.from(
      { length: windowMs / slotMs },
      (_, index) => current - (windowMs / slotMs - 1 - index) * slotMs,
    );
  }

  /** Until the count falls below `limit` as the oldest slots leave the window; 0 if it is below. */
  private waitMs(counts: readonly number[], slots: readonly number[], limit: number, now: number): number {
    let total = counts.reduce((sum, count) => sum + count, 0);
    for (let index = 0; total >= limit && index < counts.length; index++) {
      total -= counts[index];
      // A slot leaves the window a full window after it started.
      if (total < limit) return slots[index] + this.limits.windowMs - now;
    }
    return 0;
  }
}

const throttle = processSingleton(
  "sign-in-throttle",
  async () => new SignInThrottle(await getCounterStore()),
);

/** The process's throttle, on the shared counter store. */
export function getSignInThrottle(): Promise<SignInThrottle> {
  return throttle.get();
}
