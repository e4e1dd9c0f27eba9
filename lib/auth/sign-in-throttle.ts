// Failed sign-ins per (email, client address): after MAX_FAILURES within WINDOW_MS, further
// attempts are refused until the oldest failure leaves the window. Kept in this process's
// memory: enough for one `npm start` instance; several instances would each count on their
// own (a shared store, like the API's rate limit, would be needed then).

export const SIGN_IN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

// Bounded so a flood of made-up emails cannot grow the map without end.
const MAX_KEYS = 10_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: { maxFailures: number; windowMs: number } = SIGN_IN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed; 0 when one is allowed now. */
  retryAfterMs(email: string, address: string): number {
    const recent = this.recent(keyOf(email, address));
    if (recent.length < this.limits.maxFailures) return 0;
    return recent[recent.length - this.limits.maxFailures] + this.limits.windowMs - this.now();
  }

  recordFailure(email: string, address: string): void {
    const key = keyOf(email, address);
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.delete(key);
    this.failures.set(key, recent);
    // Maps iterate in insertion order, so the first key is the one touched longest ago.
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }

  recordSuccess(email: string, address: string): void {
    this.failures.delete(keyOf(email, address));
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }
}

function keyOf(email: string, address: string): string {
  return `${email.trim().toLowerCase()}\u0000${address}`;
}

export const signInThrottle = new SignInThrottle();
