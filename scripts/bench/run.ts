// npm run bench [-- --duration 10 --connections 32 --pool 10 --snapshot --rebuild --no-scaling --quick --small
//                   --numbers 100000 --orders-only --no-housekeeping --no-fleet --order-organizations 16]
//
// Serves the built app (`next start`) on PostgreSQL bench databases (numbers_bench: 1,000,000
// numbers; numbers_bench_100k and numbers_bench_10k for the scaling row; each created and
// seeded once, then reused), drives it on loopback with autocannon beside a bare node:http +
// pg server running the same SQL, and prints one table. Timing is printed, never asserted.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import {
  availableNumbers,
  checkBenchSales,
  benchOrganizations,
  createBenchToken,
  returnBenchPurchases,
  type SaleCheck,
} from "@/scripts/bench/bench-org";
import {
  analyzeBenchDatabase,
  BENCH_DATABASES,
  benchDatabase,
  ensureBenchDatabase,
  serverUrl,
} from "@/scripts/bench/databases";
import { measure, type LoadResult } from "@/scripts/bench/load";
import { measureSteady } from "@/scripts/bench/steady";
import { fleetBenches, runFleetBenches } from "@/scripts/bench/fleet";
import {
  housekeepingTable,
  measureHousekeeping,
  NAMED_REGION,
  ONE_REGION,
  regionOrder,
  type HousekeepingPhase,
} from "@/scripts/bench/housekeeping";
import { captureProductStatements } from "@/scripts/bench/products-sql";
import {
  cpuSeconds,
  prepareBuild,
  projectRoot,
  RssSampler,
  startApp,
  startBaseline,
  stopServer,
  treeCpuSeconds,
  treeRssByProcess,
  waitUntilReady,
  type Server,
} from "@/scripts/bench/processes";
import { fixed, loadAverage, machine, mb } from "@/scripts/bench/report";
import {
  benchTable,
  FLOOR_LABEL,
  scalingTable,
  STEADY_RATES,
  steadyTable,
  type Row,
  type ScalingRow,
  type SteadyRow,
} from "@/scripts/bench/tables";
import { inventoryPath, inventoryShapes, PRODUCTS_COUNTRY } from "@/scripts/bench/shapes";

type Options = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  orderConnections: number;
  /** The organizations the order rows' clients buy for, in turn (one billing account each). */
  orderOrganizations: number;
  poolSize: number;
  snapshot: boolean;
  rebuild: boolean;
  scaling: boolean;
  /** Debugging the tooling: the 10,000-number database only. */
  small: boolean;
  /** The database of the main table: 1,000,000 numbers, or 100,000 or 10,000 (`--numbers`). */
  numbers: number;
  /** The floor and the order rows only (a before/after pair of the sale). */
  ordersOnly: boolean;
  /** The order rows again after 20,000 sales and after a VACUUM (scripts/bench/housekeeping.ts). */
  housekeeping: boolean;
  /** The bulk jobs, exports, month-end and port-in benches after the API rows (scripts/bench/fleet.ts). */
  fleet: boolean;
};

function parseOptions(argv: string[]): Options {
  const options: Options = {
    durationSeconds: 10,
    warmupSeconds: 3,
    connections: 32,
    orderConnections: 64,
    orderOrganizations: 16,
    poolSize: 10,
    snapshot: false,
    rebuild: false,
    scaling: true,
    small: false,
    numbers: 1_000_000,
    ordersOnly: false,
    housekeeping: true,
    fleet: true,
  };
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index].split("=", 2);
    const value = () => Number(inline ?? argv[++index]);
    if (flag === "--duration") options.durationSeconds = value();
    else if (flag === "--warmup") options.warmupSeconds = value();
    else if (flag === "--connections") options.connections = value();
    else if (flag === "--order-connections") options.orderConnections = value();
    else if (flag === "--order-organizations") options.orderOrganizations = value();
    else if (flag === "--pool") options.poolSize = value();
    else if (flag === "--snapshot") options.snapshot = true;
    else if (flag === "--rebuild") options.rebuild = true;
    else if (flag === "--no-scaling") options.scaling = false;
    else if (flag === "--small") Object.assign(options, { small: true, scaling: false, numbers: 10_000 });
    else if (flag === "--numbers") Object.assign(options, { numbers: value(), scaling: false });
    else if (flag === "--orders-only")
      Object.assign(options, { ordersOnly: true, scaling: false, fleet: false });
    else if (flag === "--no-housekeeping") options.housekeeping = false;
    else if (flag === "--no-fleet") options.fleet = false;
    else if (flag === "--quick") Object.assign(options, { durationSeconds: 3, warmupSeconds: 1 });
    else throw new Error(`unknown option ${argv[index]}`);
  }
  return options;
}

/** Where the order rows' warm-up buys: the region of neither order row (given back before the housekeeping's sales). */
const ORDER_WARMUP_REGION = "US-IL-CHICAGO-312";

const log = (line: string) => console.error(`[bench] ${line}`);
// BENCH_PORT: benches of several work trees on one machine each need ports of their own.
const APP_PORT = Number(process.env.BENCH_PORT ?? 3100);
const BASELINE_PORT = APP_PORT + 1;

/**
 * CPU seconds used so far by the PostgreSQL backends connected to one database. The backends are
 * read every quarter of a second, not only when asked: the app's pool replaces its connections
 * (lib/db/pool-options.ts), and a backend that came and went between two readings would count for
 * nothing. A backend that has gone counts with what it had used at its last reading.
 */
async function backendCpuProbe(
  databaseName: string,
): Promise<{ probe: () => Promise<number>; close: () => Promise<void> }> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  const lastSeen = new Map<number, number>();
  let reading: Promise<void> = Promise.resolve();
  const read = () =>
    (reading = reading.then(async () => {
      const rows = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1",
        [databaseName],
      );
      // Never below an earlier reading: a backend that exits between the query and /proc reads 0.
      for (const { pid } of rows.rows) lastSeen.set(pid, Math.max(lastSeen.get(pid) ?? 0, cpuSeconds([pid])));
    }));
  const timer = setInterval(() => void read(), 250);
  return {
    probe: async () => {
      await read();
      return [...lastSeen.values()].reduce((sum, seconds) => sum + seconds, 0);
    },
    close: async () => {
      clearInterval(timer);
      await reading;
      await client.end();
    },
  };
}

const cpuOf = (server: Server) => () =>
  server.process.pid === undefined ? 0 : treeCpuSeconds(server.process.pid);

async function postgresVersion(): Promise<string> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    const version = (await client.query<{ version: string }>("SELECT version()")).rows[0].version.split(
      " on ",
    )[0];
    const buffers = (await client.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows[0]
      .shared_buffers;
    return `${version} (shared_buffers ${buffers})`;
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const loadBefore = loadAverage();
  log(`load average before: ${loadBefore}`);

  const appDir = prepareBuild({ snapshot: options.snapshot, rebuild: options.rebuild, log });
  const migrations = path.join(appDir, "prisma", "migrations");
  const shared = Object.values(BENCH_DATABASES).find((database) => database.numbers === options.numbers);
  if (!shared)
    throw new Error(
      `--numbers is one of ${Object.values(BENCH_DATABASES)
        .map((database) => database.numbers)
        .join(", ")}`,
    );
  const main = benchDatabase(shared);
  const million = await ensureBenchDatabase(shared, log, migrations);
  const smaller = options.scaling
    ? [
        await ensureBenchDatabase(BENCH_DATABASES.tenThousand, log, migrations),
        await ensureBenchDatabase(BENCH_DATABASES.hundredThousand, log, migrations),
      ]
    : [];
  for (const url of [million, ...smaller]) await returnBenchPurchases(url);
  // Fresh statistics, as autovacuum leaves them: the sale once fell to 1–6 orders/s on them
  // (plans that walked inventory_number_pkey), which statistics older than the run never showed.
  await analyzeBenchDatabase(million);

  const benchDir = path.join(projectRoot, "data", "bench");
  mkdirSync(benchDir, { recursive: true });
  const productsSqlFile = path.join(benchDir, "products-sql.json");
  writeFileSync(
    productsSqlFile,
    JSON.stringify({ [PRODUCTS_COUNTRY]: await captureProductStatements(million, PRODUCTS_COUNTRY) }),
  );

  const token = await createBenchToken(million);
  const auth = { Authorization: `Bearer ${token}` };
  // Served by `npm start`, as a user runs it, so that the memory is that of the whole tree.
  const app = startApp(appDir, {
    databaseUrl: million,
    port: APP_PORT,
    poolSize: options.poolSize,
    npmStart: true,
    stdoutFile: path.join(benchDir, "app-stdout.log"),
  });
  const baseline = startBaseline({
    databaseUrl: million,
    port: BASELINE_PORT,
    poolSize: options.poolSize,
    productsSqlFile,
  });
  const servers: Server[] = [app, baseline];
  const sampler = new RssSampler(() => servers);
  const rows: Row[] = [];
  const backends = await backendCpuProbe(main.name);
  let sales: SaleCheck | undefined;
  let housekeeping: HousekeepingPhase[] = [];
  const scalingRows: ScalingRow[] = [];
  const steadyRows: SteadyRow[] = [];
  let startupTree: Array<{ name: string; rss: number }> = [];
  try {
    await waitUntilReady(app, "/api/v2/countries", auth);
    await waitUntilReady(baseline, `/inventory/US/local`);
    startupTree = app.process.pid === undefined ? [] : treeRssByProcess(app.process.pid);
    sampler.start();
    const appCpu = { server: cpuOf(app), postgres: backends.probe };
    const load = {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      headers: auth,
      cpu: appCpu,
    };
    const baselineLoad = { ...load, cpu: { server: cpuOf(baseline), postgres: backends.probe } };
    const api = (route: string) => `${app.url}/api/v2${route}`;

    // The floor: what Next itself costs for a route that does nothing (docs/CONTRACT.md §13: no token,
    // no database, no log line), served by the same build; every row is read against it.
    log("GET /api/health (floor)");
    rows.push({ label: FLOOR_LABEL, app: await measure({ ...load, url: `${app.url}/api/health` }) });
    // The searches, products, their steady rates and GET /numbers; the order rows alone without.
    if (!options.ordersOnly) {
      log("GET /countries");
      rows.push({ label: "GET /countries", app: await measure({ ...load, url: api("/countries") }) });
      for (const shape of inventoryShapes) {
        log(`${shape.label}: app, then baseline`);
        const appResult = await measure({ ...load, url: api(inventoryPath(shape)) });
        const baselineResult = await measure({ ...baselineLoad, url: baseline.url + inventoryPath(shape) });
        rows.push({
          label: shape.label,
          app: appResult,
          baseline: baselineResult,
          note: inventoryPath(shape),
        });
      }
      log("products: app, then baseline");
      rows.push({
        label: `products: one country`,
        app: await measure({ ...load, url: api(`/products/${PRODUCTS_COUNTRY}`) }),
        baseline: await measure({ ...baselineLoad, url: `${baseline.url}/products/${PRODUCTS_COUNTRY}` }),
        note: `/products/${PRODUCTS_COUNTRY}`,
      });

      // Latency at a steady offered load (an open loop at fixed intervals), below saturation:
      // where the knee is.
      const steadyShapes = [
        ...inventoryShapes.map((shape) => ({ label: shape.label, url: api(inventoryPath(shape)) })),
        { label: "products: one country", url: api(`/products/${PRODUCTS_COUNTRY}`) },
      ];
      for (const shape of steadyShapes) {
        const results: LoadResult[] = [];
        for (const rate of STEADY_RATES) {
          log(`${shape.label}: steady ${rate} req/s`);
          results.push(
            await measureSteady({
              url: shape.url,
              headers: auth,
              rate,
              durationSeconds: options.durationSeconds,
              warmupSeconds: Math.min(1, options.warmupSeconds),
            }),
          );
        }
        steadyRows.push({ label: shape.label, results });
      }

      // One number of the bench organization's own, bought through the API, to look up.
      const [owned] = await availableNumbers(million, "US-IL-CHICAGO-312", 1);
      const bought = await fetch(api("/order"), {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ contact_name: "Bench", items: [{ number_e164: owned }] }),
      });
      if (bought.status !== 200)
        throw new Error(`could not buy ${owned} for GET /numbers: ${bought.status} ${await bought.text()}`);
      log("GET /numbers?number=…");
      rows.push({
        label: "GET /numbers by number",
        app: await measure({ ...load, url: api(`/numbers?number=${encodeURIComponent(owned)}`) }),
      });
    }

    // The order rows' clients buy for --order-organizations organizations in turn: a sale holds
    // its organization's billing account from its charges to its commit (docs/ARCHITECTURE.md,
    // "Billing"), so one organization's orders queue there, however many clients send them.
    // The third row is that queue: the same orders, all for one organization.
    const orderTokens = [token];
    for (const organization of benchOrganizations(options.orderOrganizations).slice(1))
      orderTokens.push(await createBenchToken(million, organization));
    let nextToken = 0;
    const orderLoad = {
      ...load,
      connections: options.orderConnections,
      warmupSeconds: 0,
      method: "POST" as const,
      headers: { ...auth, "Content-Type": "application/json" },
      requestHeaders: () => ({ Authorization: `Bearer ${orderTokens[nextToken++ % orderTokens.length]}` }),
    };
    const spread = `${orderTokens.length} organizations`;
    // The order rows' warm-up, unmeasured and in a region of its own: the first orders of a
    // process compile the sale's code paths and plan its statements on each pooled connection,
    // which made the first order row the slowest whichever shape it was.
    log(`POST /order: warm-up, ${options.warmupSeconds} s`);
    await measure({
      ...orderLoad,
      durationSeconds: options.warmupSeconds,
      url: api("/order"),
      body: () => regionOrder(ORDER_WARMUP_REGION, 1),
    });
    const regionBody = () => regionOrder(ONE_REGION, 1);
    log(`POST /order: ${options.orderConnections} clients, ${spread}, one region`);
    rows.push({
      label: `POST /order: ${options.orderConnections} clients, ${spread}, one region`,
      app: await measure({ ...orderLoad, url: api("/order"), body: regionBody }),
      note: "geography item, quantity 1: every order competes for the region's lowest numbers",
    });
    const hot = await availableNumbers(million, NAMED_REGION, 2_000);
    log(
      `POST /order: ${options.orderConnections} clients, ${spread}, ${hot.length.toLocaleString("en")} named numbers`,
    );
    rows.push({
      label: `POST /order: ${options.orderConnections} clients, ${spread}, named numbers`,
      app: await measure({
        ...orderLoad,
        url: api("/order"),
        body: () =>
          JSON.stringify({
            contact_name: "Bench",
            items: [{ number_e164: hot[Math.floor(Math.random() * hot.length)] }],
          }),
      }),
      expected: [409],
      note: `each order names one of ${hot.length.toLocaleString("en")} numbers at random: 409 once it is sold`,
    });
    log(`POST /order: ${options.orderConnections} clients, one organization, one region`);
    rows.push({
      label: `POST /order: ${options.orderConnections} clients, one organization, one region`,
      app: await measure({ ...orderLoad, requestHeaders: undefined, url: api("/order"), body: regionBody }),
      note: "as the first order row, every order for the bench organization: they queue on its billing account",
    });
    sales = await checkBenchSales(million);
    if (options.housekeeping)
      housekeeping = await measureHousekeeping({ appUrl: app.url, databaseUrl: million, orderLoad, log });
  } catch (error) {
    // What the app said last (its errors go to stderr; the request log to app-stdout.log).
    log(`the app's last lines:\n${app.output.join("\n")}`);
    throw error;
  } finally {
    sampler.stop();
    await backends.close();
    await stopServer(app);
    await stopServer(baseline);
    await returnBenchPurchases(million);
  }

  // The scaling row: one connection, so the p50 is the service time of the search (what grows
  // with the inventory) rather than the time spent queueing behind 31 others.
  if (options.scaling) {
    const scaleLoad = {
      connections: 1,
      durationSeconds: Math.max(3, Math.round(options.durationSeconds / 2)),
      warmupSeconds: Math.min(2, options.warmupSeconds),
    };
    const byScale: LoadResult[][] = [];
    for (const url of [...smaller, million]) {
      const scaleToken = await createBenchToken(url);
      const scaled = startApp(appDir, { databaseUrl: url, port: APP_PORT, poolSize: options.poolSize });
      try {
        await waitUntilReady(scaled, "/api/v2/countries", { Authorization: `Bearer ${scaleToken}` });
        const results: LoadResult[] = [];
        for (const shape of inventoryShapes) {
          log(`scaling ${url.split("/").pop()}: ${shape.label}, 1 connection`);
          results.push(
            await measure({
              ...scaleLoad,
              url: `${scaled.url}/api/v2${inventoryPath(shape)}`,
              headers: { Authorization: `Bearer ${scaleToken}` },
            }),
          );
        }
        byScale.push(results);
      } finally {
        await stopServer(scaled);
      }
    }
    inventoryShapes.forEach((shape, index) => {
      scalingRows.push({
        label: shape.label,
        p50: byScale.map((results) => results[index].p50),
        p99: byScale.map((results) => results[index].p99),
      });
    });
  }

  const fleet = options.fleet && !options.small ? runFleetBenches(fleetBenches(), appDir, log) : [];
  const loadAfter = loadAverage();
  const mainTable = benchTable(rows);
  const orderRows = rows.filter((row) => row.label.startsWith("POST /order"));
  const lines = [
    "",
    `Numbers portal benchmark, ${startedAt.toISOString()}`,
    ...machine(await postgresVersion()),
    `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter}`,
    `Database ${main.name}: ${main.numbers.toLocaleString("en")} numbers; ${options.connections} connections ` +
      `(orders ${options.orderConnections}); ${options.durationSeconds} s a row after ${options.warmupSeconds} s warm-up; ` +
      `DB pool ${options.poolSize} in the app and the baseline; app served from ${appDir === projectRoot ? "the work tree" : appDir}; ` +
      "VACUUM (ANALYZE) of the whole database before the rows",
    "",
    mainTable,
    "",
    "CPU ms/req: CPU time of the server's process tree + of the database's PostgreSQL backends, per answered request " +
      "(independent of what else the machine runs). App CPU above floor: the server's CPU per request less the floor row's " +
      "(what Next costs for a route that does nothing). app/baseline CPU: the baseline's CPU per request over the app's.",
    "",
    ...orderRows.map(
      (row) =>
        `${row.label}: ${fixed(row.app.okPerSecond)} orders/s completed (200), statuses ${JSON.stringify(row.app.statuses)}, 5xx ${row.app.fiveHundreds}`,
    ),
    sales
      ? `Orders placed by the bench: ${fixed(sales.orders)}, numbers sold ${fixed(sales.numbersSold)}, numbers sold twice: ${sales.soldTwice} (SQL check)`
      : "",
    `RSS after start-up, the tree \`npm start\` leaves running: ${startupTree.map((entry) => `${entry.name} ${mb(entry.rss)}`).join(" + ")} = ${mb(startupTree.reduce((sum, entry) => sum + entry.rss, 0))}`,
    `Peak RSS (process tree): ${[...sampler.peak].map(([name, bytes]) => `${name} ${mb(bytes)}`).join(", ")}`,
  ];
  if (housekeeping.length > 0) lines.push("", ...housekeepingTable(housekeeping));
  if (steadyRows.length > 0) lines.push("", ...steadyTable(steadyRows));
  if (scalingRows.length > 0) lines.push("", ...scalingTable(scalingRows));
  if (fleet.length > 0) lines.push("", "## Fleet operations, billing and port-in", ...fleet);
  const output = lines.join("\n");
  console.log(output);
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  writeFileSync(path.join(benchDir, `bench-${stamp}.md`), output + "\n");
  writeFileSync(
    path.join(benchDir, `bench-${stamp}.json`),
    JSON.stringify(
      {
        startedAt,
        options,
        loadBefore,
        loadAfter,
        rows,
        sales,
        rss: Object.fromEntries(sampler.peak),
        startupTree,
        steadyRows,
        scalingRows,
        housekeeping,
        host: os.hostname(),
      },
      null,
      2,
    ),
  );
  log(`written to data/bench/bench-${stamp}.md`);
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
