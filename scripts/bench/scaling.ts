// npm run bench:scaling [-- --duration 10 --connections 32 --pool 10 --snapshot --rebuild]
//
// Throughput of 1, 2 and 3 app instances (`next start`, each its own process and pool) on
// the one 1,000,000-number PostgreSQL bench database. Clients are spread over the instances
// as a load balancer would (one autocannon per instance, the connections split evenly, all
// at once) and their answers added up. On a 2-core machine the instances, PostgreSQL and
// the load generator share the same cores: the figures show what another process buys here,
// not what another machine would. Nothing is asserted.
// A second table (scripts/bench/scaling-pooled.ts) runs the same workloads on a primary and a
// streaming replica made for the run: the app direct, through PgBouncer (transaction mode), and
// through PgBouncer with the replica. --pooled runs only that table; --pooled-numbers sets its size.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createBenchToken } from "@/scripts/bench/bench-org";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import { measure, type LoadResult } from "@/scripts/bench/load";
import {
  prepareBuild,
  projectRoot,
  RssSampler,
  startApp,
  stopServer,
  waitUntilReady,
} from "@/scripts/bench/processes";
import { fixed, loadAverage, mb, ms, table } from "@/scripts/bench/report";
import { inventoryPath, inventoryShapes, PRODUCTS_COUNTRY } from "@/scripts/bench/shapes";
import { pooledRows } from "@/scripts/bench/scaling-pooled";

const log = (line: string) => console.error(`[bench:scaling] ${line}`);
// BENCH_PORT: the first app port (each developer on a shared machine has a range of their own).
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3120);

type Options = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  poolSize: number;
  snapshot: boolean;
  rebuild: boolean;
  instances: number[];
  pooledOnly: boolean;
  pooledNumbers: number;
};

function parseOptions(argv: string[]): Options {
  const options: Options = {
    durationSeconds: 10,
    warmupSeconds: 3,
    connections: 32,
    poolSize: 10,
    snapshot: false,
    rebuild: false,
    instances: [1, 2, 3],
    pooledOnly: false,
    pooledNumbers: 100_000,
  };
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index].split("=", 2);
    const value = () => inline ?? argv[++index];
    if (flag === "--duration") options.durationSeconds = Number(value());
    else if (flag === "--warmup") options.warmupSeconds = Number(value());
    else if (flag === "--connections") options.connections = Number(value());
    else if (flag === "--pool") options.poolSize = Number(value());
    else if (flag === "--instances") options.instances = value().split(",").map(Number);
    else if (flag === "--snapshot") options.snapshot = true;
    else if (flag === "--rebuild") options.rebuild = true;
    else if (flag === "--pooled") options.pooledOnly = true;
    else if (flag === "--pooled-numbers") options.pooledNumbers = Number(value());
    else throw new Error(`unknown option ${argv[index]}`);
  }
  return options;
}

type Workload = { label: string; path: string };
const workloads: Workload[] = [
  { label: inventoryShapes[0].label, path: inventoryPath(inventoryShapes[0]) },
  { label: "products: one country", path: `/products/${PRODUCTS_COUNTRY}` },
];

/** Every instance loaded at once; requests/s added up, the worst p50 and p99 kept. */
async function measureSpread(
  servers: Array<{ url: string }>,
  workload: Workload,
  options: Options,
  token: string,
) {
  const share = (index: number) =>
    Math.floor(options.connections / servers.length) + (index < options.connections % servers.length ? 1 : 0);
  const results: LoadResult[] = await Promise.all(
    servers.map((server, index) =>
      measure({
        url: `${server.url}/api/v2${workload.path}`,
        connections: share(index),
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        headers: { Authorization: `Bearer ${token}` },
      }),
    ),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce(
      (sum, result) =>
        sum +
        result.socketErrors +
        Object.entries(result.statuses).reduce(
          (n, [status, count]) => (status.startsWith("2") ? n : n + count),
          0,
        ),
      0,
    ),
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const appDir = prepareBuild({ snapshot: options.snapshot, rebuild: options.rebuild, log });
  const output = [
    ...(options.pooledOnly ? [] : await directTable(options, appDir)),
    ...(await pooledTable(options, appDir)),
  ].join("\n");
  console.log(output);
  const dir = path.join(projectRoot, "data", "bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `scaling-${new Date().toISOString().replace(/[:.]/g, "-")}.md`),
    output + "\n",
  );
}

async function pooledTable(options: Options, appDir: string): Promise<string[]> {
  const loadBefore = loadAverage();
  const instances = [...new Set([options.instances[0], options.instances.at(-1) ?? 1])];
  const rows = await pooledRows({
    appDir,
    numbers: options.pooledNumbers,
    instances,
    poolSize: options.poolSize,
    firstPort: FIRST_PORT,
    workloads,
    measure: (urls, workload, token) =>
      measureSpread(
        urls.map((url) => ({ url })),
        workloads[workload],
        options,
        token,
      ),
    log,
    format: { fixed, ms, mb },
  });
  return [
    "",
    `A primary and a streaming replica made for the run (${options.pooledNumbers.toLocaleString("en")} numbers), PgBouncer 1.18 ` +
      `in transaction mode (pool 20): ${options.connections} connections spread evenly, ${options.durationSeconds} s a row after ` +
      `${options.warmupSeconds} s warm-up, DB pool ${options.poolSize} per instance`,
    "",
    table(
      [
        "workload",
        "database",
        "instances",
        "req/s",
        "p50 ms (worst)",
        "p99 ms (worst)",
        "errors",
        "RSS (all instances)",
      ],
      rows,
      new Set([0, 1]),
    ),
    `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAverage()}`,
  ];
}

async function directTable(options: Options, appDir: string): Promise<string[]> {
  const loadBefore = loadAverage();
  const url = await ensureBenchDatabase(BENCH_DATABASES.million, log);
  const token = await createBenchToken(url);
  const rows: string[][] = [];
  const baseline = new Map<string, number>();
  for (const count of options.instances) {
    const servers = Array.from({ length: count }, (_, index) =>
      startApp(appDir, {
        databaseUrl: url,
        port: FIRST_PORT + index,
        poolSize: options.poolSize,
        name: `app ${index + 1}`,
      }),
    );
    const sampler = new RssSampler(() => servers);
    try {
      for (const server of servers)
        await waitUntilReady(server, "/api/v2/countries", { Authorization: `Bearer ${token}` });
      sampler.start();
      for (const workload of workloads) {
        log(`${count} instance(s): ${workload.label}`);
        const result = await measureSpread(servers, workload, options, token);
        if (count === options.instances[0]) baseline.set(workload.label, result.requestsPerSecond);
        rows.push([
          workload.label,
          String(count),
          fixed(result.requestsPerSecond),
          `${(result.requestsPerSecond / (baseline.get(workload.label) ?? result.requestsPerSecond)).toFixed(2)}×`,
          ms(result.p50),
          ms(result.p99),
          String(result.errors),
          mb([...sampler.peak.values()].reduce((sum, bytes) => sum + bytes, 0)),
        ]);
      }
    } finally {
      sampler.stop();
      for (const server of servers) await stopServer(server);
    }
  }
  return [
    "",
    `App instances on one PostgreSQL (numbers_bench, 1,000,000 numbers): ${options.connections} connections spread evenly, ` +
      `${options.durationSeconds} s a row after ${options.warmupSeconds} s warm-up, DB pool ${options.poolSize} per instance`,
    "",
    table(
      [
        "workload",
        "instances",
        "req/s",
        "vs 1",
        "p50 ms (worst)",
        "p99 ms (worst)",
        "errors",
        "RSS (all instances)",
      ],
      rows,
      new Set([0]),
    ),
    `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAverage()}`,
  ];
}

main().catch((error: unknown) => {
  console.error(
    `bench:scaling failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
