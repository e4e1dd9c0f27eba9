// bench:scaling's second table: the same workloads on a primary and a streaming replica made for
// the run (scripts/scale/postgres.ts), the app reaching the primary directly, through PgBouncer
// in transaction mode, and through PgBouncer with DATABASE_REPLICA_URL, for 1 and 3 instances.
// The clusters and PgBouncer are removed at the end.
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { seedDatabase } from "@/prisma/seed/seed";
import { createBenchToken } from "@/scripts/bench/bench-org";
import { RssSampler, startApp, stopServer, waitUntilReady } from "@/scripts/bench/processes";
import { ClusterPair } from "@/scripts/scale/postgres";
import { Pgbouncer } from "@/scripts/scale/pgbouncer";

const DATABASE = "numbers_bench_pair";
// Ports of bench:scaling's own, apart from test:scale's (5440/5441/6440).
const PORTS = { primary: 5442, replica: 5443, bouncer: 6442 };

export type Measured = { requestsPerSecond: number; p50: number; p99: number; errors: number };

type Topology = { label: string; env: (pair: ClusterPair, bouncer: Pgbouncer) => Record<string, string> };

const topologies: Topology[] = [
  { label: "direct", env: (pair) => ({ DATABASE_URL: pair.primary.url(DATABASE) }) },
  {
    label: "PgBouncer",
    env: (pair, bouncer) => ({
      DATABASE_URL: bouncer.url(DATABASE),
      DATABASE_DIRECT_URL: pair.primary.url(DATABASE),
    }),
  },
  {
    label: "PgBouncer + replica",
    env: (pair, bouncer) => ({
      DATABASE_URL: bouncer.url(DATABASE),
      DATABASE_DIRECT_URL: pair.primary.url(DATABASE),
      DATABASE_REPLICA_URL: pair.replica.url(DATABASE),
    }),
  },
];

/** Rows of [workload, database path, instances, req/s, p50, p99, errors, RSS], plus a line on the setup. */
export async function pooledRows(options: {
  appDir: string;
  numbers: number;
  instances: number[];
  poolSize: number;
  firstPort: number;
  workloads: Array<{ label: string }>;
  measure: (urls: string[], workload: number, token: string) => Promise<Measured>;
  log: (line: string) => void;
  format: { fixed: (n: number) => string; ms: (n: number) => string; mb: (n: number) => string };
}): Promise<string[][]> {
  const pair = new ClusterPair({ primary: PORTS.primary, replica: PORTS.replica });
  const bouncer = new Pgbouncer(pair.root, PORTS.bouncer, { host: "127.0.0.1", port: PORTS.primary });
  const rows: string[][] = [];
  try {
    pair.startPrimary();
    await pair.primary.query(`CREATE DATABASE ${DATABASE}`);
    const db = await connectPostgres(pair.primary.url(DATABASE), 4);
    await applyMigrations(db.sql);
    options.log(`seeding ${options.numbers} numbers into the primary on :${PORTS.primary}`);
    await seedDatabase(db, { numbers: options.numbers, log: () => {} });
    await db.close();
    await pair.primary.query("VACUUM ANALYZE", DATABASE);
    const token = await createBenchToken(pair.primary.url(DATABASE));
    pair.startReplica();
    await pair.waitCaughtUp();
    await bouncer.start();
    for (const topology of topologies)
      for (const count of options.instances) {
        const servers = Array.from({ length: count }, (_, index) =>
          startApp(options.appDir, {
            databaseUrl: "",
            env: topology.env(pair, bouncer),
            port: options.firstPort + index,
            poolSize: options.poolSize,
            name: `app ${index + 1}`,
          }),
        );
        const sampler = new RssSampler(() => servers);
        try {
          for (const server of servers)
            await waitUntilReady(server, "/api/v2/countries", { Authorization: `Bearer ${token}` });
          sampler.start();
          for (const [index, workload] of options.workloads.entries()) {
            options.log(`${topology.label}, ${count} instance(s): ${workload.label}`);
            const result = await options.measure(
              servers.map((server) => server.url),
              index,
              token,
            );
            rows.push([
              workload.label,
              topology.label,
              String(count),
              options.format.fixed(result.requestsPerSecond),
              options.format.ms(result.p50),
              options.format.ms(result.p99),
              String(result.errors),
              options.format.mb([...sampler.peak.values()].reduce((sum, bytes) => sum + bytes, 0)),
            ]);
          }
        } finally {
          sampler.stop();
          for (const server of servers) await stopServer(server);
        }
      }
  } finally {
    await bouncer.stop();
    pair.destroy();
  }
  return rows;
}
