import type { Prisma } from "@/lib/generated/prisma/client";
import { processSlot } from "@/lib/process-singleton";

// Counting every match is the one part of a search that grows with the inventory: ~80,000
// index entries for US local numbers at a million numbers, 20–50 ms of a core, on every page
// of every broad search. Totals are therefore shared for a moment between searches with the
// same filters (any page): concurrent ones share one count, and a total is reused for
// COUNT_TTL_MS. After that, for as long again, the old total still answers while one recount
// runs beside it, so no search waits for a recount while the filters are in steady use (such
// waits were a quarter of one shape's slowest 1 % at a steady load: docs/PERFORMANCE.md); past
// that, the next search counts afresh and waits. Every order and back-order fill of this
// process forgets the totals on commit, so this instance's own sales show at once; another
// instance's show within twice COUNT_TTL_MS. (The page and the total were never one snapshot:
// they are two statements.)
const COUNT_TTL_MS = 2_000;
const MAX_CACHED_COUNTS = 5_000;

type CachedCount = {
  total: Promise<number>;
  expires: number;
  /** The total once counted: what answers while a recount runs. */
  settled?: number;
  recounting?: boolean;
};
// Per database client and shared by every route bundle of the process:
// and the order route must reach the cache the inventory routes fill.
const countCaches = processSlot<WeakMap<object, Map<string, CachedCount>>>("inventory-counts");

/**
 * The total of a count statement, shared as described above among callers with one `owner`.
 * `now` is the caller's clock (tests inject it).
 */
export function sharedTotal(
  owner: object,
  statement: Prisma.Sql,
  count: () => Promise<number>,
  now: number = Date.now(),
): Promise<number> {
  let caches = countCaches.get();
  if (!caches) countCaches.set((caches = new WeakMap()));
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const key = `${statement.text}\u0000${JSON.stringify(statement.values)}`;
  const cached = cache.get(key);
  if (cached && cached.expires > now) return cached.total;
  if (cached?.settled !== undefined && cached.expires + COUNT_TTL_MS > now) {
    if (!cached.recounting) {
      cached.recounting = true;
      // The recount's failure leaves the old total in place until it is too old to answer.
      startCount(cache, key, count, now, { whenDone: true }).catch(() => {
        cached.recounting = false;
      });
    }
    return Promise.resolve(cached.settled);
  }
  if (cache.size >= MAX_CACHED_COUNTS) {
    for (const [entryKey, entry] of cache) if (entry.expires + COUNT_TTL_MS <= now) cache.delete(entryKey);
    if (cache.size >= MAX_CACHED_COUNTS) cache.clear();
  }
  const total = startCount(cache, key, count, now, { whenDone: false });
  const owned = cache;
  const entry = owned.get(key);
  // A failed count is not shared: the next search counts again.
  total.catch(() => {
    if (owned.get(key) === entry) owned.delete(key);
  });
  return total;
}

/**
 * Counts into `cache` under `key`, kept with its value once done. A recount (`whenDone`)
 * replaces the old entry only when it is done, so the old total answers meanwhile; a count
 * in its place at once, so concurrent searches share it.
 */
function startCount(
  cache: Map<string, CachedCount>,
  key: string,
  count: () => Promise<number>,
  now: number,
  { whenDone }: { whenDone: boolean },
): Promise<number> {
  const total = count();
  const entry: CachedCount = { total, expires: now + COUNT_TTL_MS };
  const previous = cache.get(key);
  if (!whenDone) cache.set(key, entry);
  total.then(
    (value) => {
      entry.settled = value;
      if (cache.get(key) === previous || cache.get(key) === entry) cache.set(key, entry);
    },
    () => undefined,
  );
  return total;
}

/** Forgets every shared total: called after anything this process commits changes what is for sale. */
export function forgetInventoryCounts(): void {
  countCaches.set(undefined);
}
