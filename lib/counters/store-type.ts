/**
 * Counts hits in fixed windows, shared by every instance that shares the store. A window is
 * a key and the time it starts; `keepMs` is how long after its start its count is still read
 * (the API's minute; the sign-in throttle's quarter of an hour).
 */
export type RateLimitStore = {
  /**
   * Adds one to the window's count and answers the new count. `lease` (default 1) lets a
   * store claim up to that many counts at once and hand them out without a write each
   * (lib/counters/coalesce.ts); stores that count every hit ignore it.
   */
  hit(key: string, windowStart: number, keepMs: number, lease?: number): Promise<number>;
  /** The counts of the key's windows starting at `windowStarts`, in that order (0 for none), without adding. */
  peek(key: string, windowStarts: readonly number[]): Promise<number[]>;
  /** Forgets the key's counts in those windows. */
  reset(key: string, windowStarts: readonly number[]): Promise<void>;
};
