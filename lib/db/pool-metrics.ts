import "server-only";
import type { Pool } from "pg";
import { addCollector, metrics, removeCollector } from "@/lib/observability/metrics";

// The pool gauges a scrape reads: connections in use and queries waiting for one, per database
// (the primary, or PgBouncer in front of it, and each replica). Read from pg's own counts at
// scrape time, so a query pays nothing for them. PGlite has no pool: it reports none.

/** Reports `pool` under `database` until the returned function is called (the pool closed). */
export function watchPool(database: string, pool: Pool): () => void {
  const key = `pool ${database}`;
  addCollector(key, () => {
    const { poolInUse, poolWaiting, poolSize } = metrics();
    poolInUse.set({ database }, pool.totalCount - pool.idleCount);
    poolWaiting.set({ database }, pool.waitingCount);
    poolSize.set({ database }, pool.options.max ?? 10);
  });
  return () => {
    removeCollector(key);
    const { poolInUse, poolWaiting, poolSize } = metrics();
    for (const gauge of [poolInUse, poolWaiting, poolSize]) gauge.remove({ database });
  };
}

/** A replica's lag as last checked, in seconds; one that did not answer is down (its last lag kept). */
export function reportReplicaLag(database: string, lagMs: number | null): void {
  metrics().replicaUp.set({ database }, lagMs === null ? 0 : 1);
  if (lagMs !== null) metrics().replicaLag.set({ database }, lagMs / 1000);
}
