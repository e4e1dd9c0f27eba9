/**
 * Counts hits in fixed windows, shared by every instance that shares the store. A window is
 * a key and the time it starts; `keepMs` is how long after its start its count is still read
 * (the API's minute; the sign-in throttle's quarter of an hour).
 */
export type RateLimitStore = {
  /** Adds one to the window's count and answers the new count. */
  hit(key: string, windowStart: number, keepMs: number): Promise<number>;
  /** The counts of the key's windows starting at `windowStarts`, in that order (0 for none), without adding. */
  peek(key: string, windowStarts: readonly number[]): Promise<number[]>;
  /** Forgets the key's counts in those windows. */
  reset(key: string, windowStarts: readonly number[]): Promise<void>;
};
