// npx tsx scripts/bench/exports.ts [-- --rows 100000] [--server] [--port 3520] [--database NAME] [--drop]
//   [--time-limit SECONDS]
//
// What the CSV exports cost (docs/PERFORMANCE.md, "CSV exports"): GET /numbers?format=csv,
// GET /billing/ledger?format=csv and GET /audit-events?format=csv, each over `--rows` rows of one
// organization, on PostgreSQL (BENCH_PG_URL, default postgresql://root@127.0.0.1:5432/postgres; the
// database `--database`, default exports_bench, created, migrated and seeded when it lacks the
// rows, kept for the next run unless `--drop`). Every run ends the seed with VACUUM (ANALYZE).
// Each export is read end to end and timed: rows a second, and how far the server's resident
// set grew above what it was before the export (sampled every 20 ms). `--time-limit` stops
// reading an export after that long (an export that would take hours is measured on its start).
//
// By default the route handlers run in this process (a Request handed to the route module, as
// Next does; the resident set is this process's). With `--server` the build is served by
// `npm start` (the build in BENCH_APP_DIR, or the project's, built when missing) on `--port`
// and read over HTTP; the resident set is then the served process tree's. Asserts nothing.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { connectPostgres, setDatabase, type Database } from "@/lib/db/client";
import { benchToken, dropDatabase, postgresVersion, prepareDatabase } from "@/scripts/bench/exports-seed";
import { loadAverage, machine, table } from "@/scripts/bench/report";
import {
  prepareBuild,
  projectRoot,
  startApp,
  stopServer,
  treeRss,
  waitUntilReady,
  type Server,
} from "@/scripts/bench/processes";

export type ExportBenchOptions = {
  /** Rows of each export (numbers, ledger entries, audit entries); default 100,000. */
  rows?: number;
  /** Through `npm start` of a build over HTTP instead of the route handlers in this process. */
  server?: boolean;
  /** The served build's port (with `server`); default 3520. */
  port?: number;
  /** The built app to serve (with `server`); default BENCH_APP_DIR or the project, built when missing. */
  appDir?: string;
  /** The bench database on BENCH_PG_URL's server; default exports_bench. */
  database?: string;
  /** Drop the database afterwards. */
  drop?: boolean;
  /** Stop reading an export after this many seconds (the rows read by then are the figure). */
  timeLimitSeconds?: number;
  log?: (line: string) => void;
};

export type ExportBenchRow = {
  name: string;
  path: string;
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssBefore: number;
  rssPeak: number;
  /** Whether the time limit cut the export short. */
  cut: boolean;
  /** Why the export failed part way (the rows are those read until then), if it did. */
  error?: string;
};

const EXPORTS = [
  // The empty query first answers a header only: the warm-up, so the code is loaded and compiled.
  { name: "numbers", path: "/api/v2/numbers?format=csv", empty: "&tag=nobody" },
  { name: "billing ledger", path: "/api/v2/billing/ledger?format=csv", empty: "&kind=tax" },
  { name: "audit log", path: "/api/v2/audit-events?format=csv", empty: "&action=nothing.here" },
] as const;

type Fetcher = (path: string) => Promise<Response>;

/** A Request handed to the route module Next would pick, in this process. */
function inProcess(token: string): Fetcher {
  return async (pathAndQuery) => {
    const url = new URL(pathAndQuery, "http://127.0.0.1:3000");
    const file = path.join(projectRoot, "app", url.pathname.replace(/^\//, ""), "route.ts");
    const routeModule = (await import(file)) as {
      GET: (request: Request, context: { params: Promise<object> }) => Promise<Response>;
    };
    return routeModule.GET(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({}),
    });
  };
}

/** Reads one export to the end, counting its bytes and lines, sampling `rss` meanwhile. */
async function readExport(
  fetcher: Fetcher,
  pathAndQuery: string,
  rss: () => number,
  limitSeconds = Infinity,
) {
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetcher(pathAndQuery);
  } catch (failure) {
    clearInterval(sampler);
    const error =
      failure instanceof Error
        ? `${failure.message}${failure.cause ? `: ${String(failure.cause)}` : ""}`
        : String(failure);
    return {
      bytes: 0,
      rows: 0,
      seconds: (performance.now() - started) / 1000,
      rssBefore,
      rssPeak,
      cut: false,
      error,
    };
  }
  if (response.status !== 200 || response.body === null)
    throw new Error(`${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  let cut = false;
  let error: string | undefined;
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) lines++;
      if ((performance.now() - started) / 1000 > limitSeconds) {
        cut = true;
        await reader.cancel();
        break;
      }
    }
  } catch (failure) {
    // A server that gives up part way (the app's statement timeout) cuts the connection.
    error =
      failure instanceof Error
        ? `${failure.message}${failure.cause ? `: ${String(failure.cause)}` : ""}`
        : String(failure);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rss());
  return { bytes, rows: Math.max(0, lines - 1), seconds, rssBefore, rssPeak, cut, error };
}

/** Seeds (when needed) and measures the three exports; the figures, one row per export. */
export async function benchExports(options: ExportBenchOptions = {}): Promise<ExportBenchRow[]> {
  const log = options.log ?? ((line: string) => console.error(line));
  const rows = options.rows ?? 100_000;
  const name = options.database ?? "exports_bench";
  const appDir = !options.server
    ? projectRoot
    : (options.appDir ?? prepareBuild({ snapshot: false, rebuild: false, log }));
  const url = await prepareDatabase(name, rows, appDir, log);
  const token = await benchToken(url);
  let server: Server | undefined;
  let db: Database | undefined;
  try {
    let fetcher: Fetcher;
    let rss: () => number;
    if (options.server) {
      const port = options.port ?? 3520;
      // No in-process worker: the month-end run would bill the bench's numbers while it reads them.
      server = startApp(appDir, {
        databaseUrl: url,
        port,
        poolSize: 10,
        npmStart: true,
        env: { WEBHOOKS_WORKER: "off" },
      });
      await waitUntilReady(server, "/api/health");
      const pid = server.process.pid!;
      const base = server.url;
      fetcher = (pathAndQuery) =>
        fetch(base + pathAndQuery, { headers: { authorization: `Bearer ${token}` } });
      rss = () => treeRss(pid);
    } else {
      db = await connectPostgres(url, 10);
      setDatabase(db);
      fetcher = inProcess(token);
      rss = () => process.memoryUsage().rss;
    }
    const results: ExportBenchRow[] = [];
    for (const entry of EXPORTS) {
      await readExport(fetcher, entry.path + entry.empty, rss);
      log(`exporting ${entry.name}…`);
      const measured = await readExport(fetcher, entry.path, rss, options.timeLimitSeconds);
      const row = {
        name: entry.name,
        path: entry.path,
        ...measured,
        rowsPerSecond: measured.rows / measured.seconds,
      };
      log(`  ${row.rows} rows in ${row.seconds.toFixed(2)} s${row.error ? ` (failed: ${row.error})` : ""}`);
      results.push(row);
    }
    return results;
  } finally {
    if (server) await stopServer(server);
    await db?.close();
    if (options.drop) await dropDatabase(name);
  }
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The figures as a table. */
export function exportsTable(results: readonly ExportBenchRow[]): string {
  return table(
    ["export", "rows", "CSV MB", "seconds", "rows/s", "RSS before MB", "peak MB", "growth MB"],
    results.map((row) => [
      row.name,
      `${row.rows.toLocaleString("en")}${row.cut ? " (cut)" : ""}${row.error ? " (failed)" : ""}`,
      mib(row.bytes),
      row.seconds.toFixed(2),
      Math.round(row.rowsPerSecond).toLocaleString("en"),
      mib(row.rssBefore),
      mib(row.rssPeak),
      mib(row.rssPeak - row.rssBefore),
    ]),
  );
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main() {
  const rows = Number(option("rows") ?? 100_000);
  if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows takes a whole number above 0");
  const server = process.argv.includes("--server");
  const port = option("port") === undefined ? undefined : Number(option("port"));
  const loadBefore = loadAverage();
  const results = await benchExports({
    rows,
    server,
    port,
    database: option("database"),
    drop: process.argv.includes("--drop"),
    timeLimitSeconds: option("time-limit") === undefined ? undefined : Number(option("time-limit")),
  });
  const version = await postgresVersion();
  const output = [
    `CSV exports benchmark, ${new Date().toISOString()}`,
    ...machine(String(version).split(" on ")[0]),
    `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAverage()}`,
    `${rows.toLocaleString("en")} rows of one organization each; ${server ? `npm start of ${process.env.BENCH_APP_DIR ?? "the project's build"}, over HTTP` : "route handlers in this process"}`,
    "",
    exportsTable(results),
    ...results.flatMap((row) =>
      row.error ? [`${row.name} failed after ${row.seconds.toFixed(1)} s: ${row.error}`] : [],
    ),
  ].join("\n");
  console.log(output);
  const benchDir = path.join(projectRoot, "data", "bench");
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(
    path.join(benchDir, `exports-${new Date().toISOString().replace(/[:.]/g, "-")}.md`),
    output + "\n",
  );
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
