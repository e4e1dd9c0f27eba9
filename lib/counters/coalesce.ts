import type { RateLimitStore } from "@/lib/counters/store-type";

/** A store that can add several hits to a window in one operation, answering the new count. */
export type AddingStore = RateLimitStore & {
  add(key: string, windowStart: number, keepMs: number, hits: number): Promise<number>;
};

type Batch = { hits: number; waiters: Array<{ resolve(count: number): void; reject(error: unknown): void }> };

/**
 * Hits on one window while a write for it is on its way wait for it, then go as one write that
 * adds them all (group commit). Each hit still gets a count of its own, exactly as if the
 * writes had been one by one — the n hits of a batch that took the total to T get T−n+1 … T —
 * so a budget shared by several instances is never overshot. A lone hit goes at once: this
 * adds no latency; under load it turns k concurrent writes into one.
 */
export function coalescingStore(inner: AddingStore): RateLimitStore {
  const inFlight = new Set<string>();
  const waiting = new Map<string, Batch>();
  const slot = (key: string, windowStart: number) => `${key}\u0000${windowStart}`;

  function send(key: string, windowStart: number, keepMs: number, batch: Batch): void {
    const name = slot(key, windowStart);
    inFlight.add(name);
    inner.add(key, windowStart, keepMs, batch.hits).then(
      (total) => {
        batch.waiters.forEach((waiter, index) => waiter.resolve(total - batch.hits + 1 + index));
        next(key, windowStart, keepMs);
      },
      (error: unknown) => {
        batch.waiters.forEach((waiter) => waiter.reject(error));
        next(key, windowStart, keepMs);
      },
    );
  }

  function next(key: string, windowStart: number, keepMs: number): void {
    const name = slot(key, windowStart);
    inFlight.delete(name);
    const batch = waiting.get(name);
    if (!batch) return;
    waiting.delete(name);
    send(key, windowStart, keepMs, batch);
  }

  return {
    hit(key, windowStart, keepMs) {
      return new Promise<number>((resolve, reject) => {
        const name = slot(key, windowStart);
        if (!inFlight.has(name)) {
          send(key, windowStart, keepMs, { hits: 1, waiters: [{ resolve, reject }] });
          return;
        }
        const batch = waiting.get(name) ?? { hits: 0, waiters: [] };
        batch.hits++;
        batch.waiters.push({ resolve, reject });
        waiting.set(name, batch);
      });
    },
    peek: (key, windowStarts) => inner.peek(key, windowStarts),
    reset: (key, windowStarts) => inner.reset(key, windowStarts),
  };
}
