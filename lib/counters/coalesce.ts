import type { RateLimitStore } from "@/lib/counters/store-type";

/** A store that can add several hits to a window in one operation, answering the new count. */
export type AddingStore = RateLimitStore & {
  add(key: string, windowStart: number, keepMs: number, hits: number): Promise<number>;
};

type Waiter = { resolve(count: number): void; reject(error: unknown): void };

/** One key's window in this process: counts claimed from the store and not yet handed out. */
type Slot = {
  windowStart: number;
  /** The next count to hand out, and the last one claimed (next > last: nothing left). */
  next: number;
  last: number;
  /** How many the last claim took: a busy caller's claims double, up to the lease. */
  lastClaim: number;
  inFlight: boolean;
  waiting: Waiter[];
};

const MAX_SLOTS = 50_000;

/**
 * Counting that costs fewer writes than hits, and never lets a shared budget be overshot.
 *
 * - Hits on one window while a write for it is on its way wait for it, then go as one write
 *   that adds them all (group commit). A lone hit goes at once: no added latency.
 * - With `lease` > 1 (the API's rate limit), a claim may also take counts ahead: 1 the first
 *   time in a window, then twice the last claim, up to `lease`. Later hits are answered from
 *   those counts in this process, without a write.
 *
 * Every hit gets a count of its own, its place in the window's shared total (the n counts a
 * claim that took the total to T owns are T−n+1 … T), so no two hits anywhere get the same
 * count and a hit over the limit is refused on every instance. With one instance the counts
 * are exactly those of one write per hit. With several, counts one instance claimed and did
 * not use before the window ended are lost: a caller spread over N instances may be refused
 * up to (N−1) × (lease−1) hits before its budget is spent, never after.
 */
export function coalescingStore(inner: AddingStore): RateLimitStore {
  const slots = new Map<string, Slot>();

  let prunedBefore = -Infinity;

  function slotFor(key: string, windowStart: number): Slot {
    const name = `${key}\u0000${windowStart}`;
    const slot = slots.get(name);
    if (slot) return slot;
    // Once per new window, and past a size, slots that can no longer be used go (a later hit
    // on a dropped slot claims afresh from the store).
    if (windowStart > prunedBefore || slots.size >= MAX_SLOTS) {
      prunedBefore = windowStart;
      for (const [entryName, entry] of slots)
        if (!entry.inFlight && (entry.windowStart < windowStart || slots.size >= MAX_SLOTS))
          slots.delete(entryName);
    }
    const fresh: Slot = { windowStart, next: 1, last: 0, lastClaim: 0, inFlight: false, waiting: [] };
    slots.set(name, fresh);
    return fresh;
  }

  function claim(key: string, keepMs: number, lease: number, slot: Slot): void {
    const waiters = slot.waiting.splice(0);
    const hits = Math.max(waiters.length, Math.min(lease, Math.max(1, 2 * slot.lastClaim)));
    slot.inFlight = true;
    slot.lastClaim = hits;
    inner.add(key, slot.windowStart, keepMs, hits).then(
      (total) => {
        const first = total - hits + 1;
        waiters.forEach((waiter, index) => waiter.resolve(first + index));
        slot.next = first + waiters.length;
        slot.last = total;
        settled(key, keepMs, lease, slot);
      },
      (error: unknown) => {
        waiters.forEach((waiter) => waiter.reject(error));
        settled(key, keepMs, lease, slot);
      },
    );
  }

  // Hits that arrived during the claim take what it left over, and claim again if they need to.
  function settled(key: string, keepMs: number, lease: number, slot: Slot): void {
    slot.inFlight = false;
    while (slot.waiting.length > 0 && slot.next <= slot.last) slot.waiting.shift()!.resolve(slot.next++);
    if (slot.waiting.length > 0) claim(key, keepMs, lease, slot);
  }

  return {
    hit(key, windowStart, keepMs, lease = 1) {
      const slot = slotFor(key, windowStart);
      if (slot.next <= slot.last) return Promise.resolve(slot.next++);
      return new Promise<number>((resolve, reject) => {
        slot.waiting.push({ resolve, reject });
        if (!slot.inFlight) claim(key, keepMs, lease, slot);
      });
    },
    peek: (key, windowStarts) => inner.peek(key, windowStarts),
    reset: (key, windowStarts) => {
      for (const windowStart of windowStarts) slots.delete(`${key}\u0000${windowStart}`);
      return inner.reset(key, windowStarts);
    },
  };
}
