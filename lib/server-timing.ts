// Where a request's time went, for the benchmark's tail analysis (docs/PERFORMANCE.md): with
// SERVER_TIMING=1 every /api/v2 answer carries a Server-Timing header naming the parts that
// can make one request slow while its neighbours are fast — waiting for a pooled database
// connection, waiting for a shared search total to be recounted, the rate limiter, and the
// garbage collector's pauses while the request was in flight. Off by default: the header
// would tell any caller how busy the server is, and keeping the marks costs a little.
import { AsyncLocalStorage } from "node:async_hooks";
import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { processSlot } from "@/lib/process-singleton";

type Marks = Map<string, number>;

type State = { storage: AsyncLocalStorage<Marks>; gcPauses: Array<{ start: number; end: number }> };

// The last pauses, enough to cover the slowest request the benchmark sends.
const KEPT_PAUSES = 512;

const slot = processSlot<State | null>("server-timing");

function state(): State | null {
  const existing = slot.get();
  if (existing !== undefined) return existing;
  if (process.env.SERVER_TIMING !== "1") {
    slot.set(null);
    return null;
  }
  const made: State = { storage: new AsyncLocalStorage(), gcPauses: [] };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) {
      made.gcPauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }
    if (made.gcPauses.length > KEPT_PAUSES) made.gcPauses.splice(0, made.gcPauses.length - KEPT_PAUSES);
  });
  observer.observe({ entryTypes: ["gc"] });
  slot.set(made);
  return made;
}

/** Runs one request with its marks kept, when SERVER_TIMING=1; otherwise just runs it. */
export function withServerTiming<T>(work: () => Promise<T>): Promise<T> {
  const current = state();
  return current ? current.storage.run(new Map(), work) : work();
}

/** Adds the time `work` takes to the request's mark `name` (summed over calls). */
export async function timed<T>(name: string, work: T | Promise<T>): Promise<T> {
  const marks = state()?.storage.getStore();
  if (!marks) return work;
  const started = performance.now();
  try {
    return await work;
  } finally {
    marks.set(name, (marks.get(name) ?? 0) + performance.now() - started);
  }
}

/** Adds `ms` to the request's mark `name`, for a wait measured elsewhere (a pool's). */
export function addTiming(name: string, ms: number): void {
  const marks = state()?.storage.getStore();
  if (marks) marks.set(name, (marks.get(name) ?? 0) + ms);
}

/**
 * The Server-Timing value of the request that started at `started` (performance.now()):
 * its marks, the collector's pauses that overlapped it, and its total. Null when off.
 */
export function serverTimingHeader(started: number): string | null {
  const current = state();
  const marks = current?.storage.getStore();
  if (!current || !marks) return null;
  const now = performance.now();
  let gc = 0;
  for (const pause of current.gcPauses) {
    const overlap = Math.min(pause.end, now) - Math.max(pause.start, started);
    if (overlap > 0) gc += overlap;
  }
  const parts = [...marks, ["gc", gc] as const, ["total", now - started] as const];
  return parts.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(", ");
}
