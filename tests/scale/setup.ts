// What the scaling suite's sections share: the clusters, PgBouncer, the instances and tokens,
// and small probes of /api/ready and of the tables' scan counters.
import type { Pool } from "pg";
import type { Instance } from "@/scripts/cluster/servers";
import type { ClusterPair, Cluster } from "@/scripts/scale/postgres";
import type { Pgbouncer } from "@/scripts/scale/pgbouncer";
import type { Buyer } from "@/tests/cluster/load";
import { withDeadline } from "@/scripts/cluster/deadline";

export type ScaleSetup = {
  pair: ClusterPair;
  bouncer: Pgbouncer;
  instances: Instance[];
  buyers: Buyer[];
  /** Direct to the primary, for the suite's own SQL. */
  pool: Pool;
  database: string;
  deadReplica: string;
};

export type ReadyBody = {
  status: string;
  databases?: Array<{ role: string; name: string; state: string; lag_ms?: number | null }>;
};

export async function ready(instance: Instance): Promise<{ status: number; body: ReadyBody }> {
  return withDeadline(10_000, async (signal) => {
    const response = await fetch(`${instance.url}/api/ready`, { signal });
    return { status: response.status, body: (await response.json()) as ReadyBody };
  });
}

/** The replica entry named `name` (host:port/db) in an instance's /api/ready. */
export async function replicaState(instance: Instance, port: number): Promise<string | undefined> {
  const { body } = await ready(instance);
  return body.databases?.find((entry) => entry.role === "replica" && entry.name.includes(`:${port}/`))?.state;
}

/** Scans of inventory_number on a cluster so far (sequential and index), from its own statistics. */
export async function inventoryScans(cluster: Cluster, database: string): Promise<number> {
  const [row] = await cluster.query<{ scans: number }>(
    `SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int AS scans FROM pg_stat_user_tables WHERE relname = 'inventory_number'`,
    database,
  );
  return row?.scans ?? 0;
}

export async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
