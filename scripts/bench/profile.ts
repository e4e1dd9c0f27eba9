// npm run bench:profile [-- --shape country_type|products|orders|orders_region|numbers|countries|health|not_found
//   --duration 10 --connections 32 --server next|custom]
//
// Where the app's CPU goes for one request shape: serves the build with V8's sampling
// profiler on (`node --cpu-prof`), drives it like `npm run bench` does, stops it so V8
// writes the profile, and prints the self time by who spent it (Next, React's server
// runtime, Prisma, pg, zod, Node's HTTP and streams, the app's own code, garbage collection).
// The .cpuprofile is kept under data/bench/ for Chrome DevTools or speedscope.
// `--server next` (the default) serves with `next start`; `--server custom` through the custom
// server (scripts/server.ts) that `npm start` execs and `npm run bench` measures, with npm start's
// node flags and environment (Node refuses --cpu-prof in NODE_OPTIONS, so not through npm). `orders` buys named numbers;
// `orders_region` buys one number of one region, as the bench's "one region" row does.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { availableNumbers, createBenchToken, returnBenchPurchases } from "@/scripts/bench/bench-org";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import { measure } from "@/scripts/bench/load";
import {
  prepareBuild,
  projectRoot,
  startApp,
  startCustomServer,
  stopServer,
  treeCpuSeconds,
  waitUntilReady,
} from "@/scripts/bench/processes";
import { fixed, table } from "@/scripts/bench/report";
import { inventoryPath, inventoryShapes, PRODUCTS_COUNTRY } from "@/scripts/bench/shapes";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const log = (line: string) => console.error(`[profile] ${line}`);
// BENCH_PORT: profiles of several work trees on one machine each need a port of their own.
const PORT = Number(process.env.BENCH_PORT ?? 3102);

function option(argv: string[], name: string, fallback: string): string {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return fallback;
  return argv[index].includes("=") ? argv[index].split("=")[1] : argv[index + 1];
}

/** Who a sampled frame belongs to, by the file it is in (server bundles are named after what they hold). */
export function categoryOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === "") {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "idle";
    if (functionName === "(program)") return "V8 and native code (program)";
    return "V8 builtins and native code";
  }
  if (url.startsWith("node:")) {
    if (/node:(internal\/)?(streams?|internal\/webstreams)/.test(url)) return "Node: streams and Web streams";
    if (/node:(_?http|net|internal\/http|internal\/stream_base|internal\/net|internal\/dns)/.test(url))
      return "Node: HTTP and sockets";
    return "Node: other internals";
  }
  if (/\/node_modules\/undici\/|internal\/deps\/undici/.test(url))
    return "Node: fetch (undici: Request, Response, Headers)";
  if (/\/node_modules\/(\.pnpm\/)?next\//.test(url)) {
    if (/compiled\/react|react-server-dom|app-render/.test(url)) return "Next: React server runtime";
    return "Next: server (routing, request and response handling)";
  }
  if (/\/node_modules\/@prisma\/|\/node_modules\/\.prisma\/|query_compiler|generated\/prisma/.test(url))
    return "Prisma";
  if (/\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/.test(url)) return "pg (driver)";
  if (/\/node_modules\/zod\//.test(url) || /\[project\]\/node_modules\/zod/.test(url)) return "zod";
  if (/\/\.next\/server\/chunks\/.*(zod)/.test(url)) return "zod";
  if (/\/\.next\/server\//.test(url)) return "app bundles (route code and what is bundled with it)";
  if (/\/node_modules\//.test(url)) return `other packages`;
  return "other";
}

/** Microseconds of the monotonic clock, the one V8 stamps its samples with. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** When each sample was taken (µs, monotonic clock). */
function sampleTimes(profile: CpuProfile): number[] {
  let time = profile.startTime;
  return profile.timeDeltas.map((delta) => (time += delta));
}

type Window = { from: number; to: number };

function summarize(profile: CpuProfile, window: Window): { category: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const times = sampleTimes(profile);
  for (let index = 0; index < profile.samples.length; index++) {
    const node = byId.get(profile.samples[index]);
    if (!node || times[index] < window.from || times[index] > window.to) continue;
    const category = categoryOf(node.callFrame);
    totals.set(category, (totals.get(category) ?? 0) + profile.timeDeltas[index] / 1000);
  }
  return [...totals.entries()].map(([category, ms]) => ({ category, ms })).sort((a, b) => b.ms - a.ms);
}

/** The heaviest functions by self time, with their file, for the categories that need a closer look. */
function topFunctions(
  profile: CpuProfile,
  window: Window,
  count: number,
): { name: string; where: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { name: string; where: string; ms: number }>();
  const times = sampleTimes(profile);
  for (let index = 0; index < profile.samples.length; index++) {
    const node = byId.get(profile.samples[index]);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    if (times[index] < window.from || times[index] > window.to) continue;
    const where = node.callFrame.url
      .replace(/^.*node_modules\//, "")
      .replace(/^file:\/\/.*\/\.next\//, ".next/");
    const key = `${node.callFrame.functionName}@${where}:${node.callFrame.lineNumber}`;
    const entry = totals.get(key) ?? {
      name: node.callFrame.functionName || "(anonymous)",
      where: `${where}:${node.callFrame.lineNumber + 1}`,
      ms: 0,
    };
    entry.ms += profile.timeDeltas[index] / 1000;
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms).slice(0, count);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const shape = option(argv, "--shape", "country_type");
  const durationSeconds = Number(option(argv, "--duration", "10"));
  const connections = Number(option(argv, "--connections", shape.startsWith("orders") ? "64" : "32"));
  const server = option(argv, "--server", "next");
  if (server !== "next" && server !== "custom") throw new Error("--server is next or custom");

  const appDir = prepareBuild({ snapshot: false, rebuild: false, log });
  const databaseUrl = await ensureBenchDatabase(BENCH_DATABASES.million, log);
  const token = await createBenchToken(databaseUrl);
  const headers = { authorization: `Bearer ${token}` };

  const profileDir = path.join(
    projectRoot,
    "data",
    "bench",
    "profiles",
    `${shape}-${new Date().toISOString().replaceAll(":", "-")}`,
  );
  mkdirSync(profileDir, { recursive: true });
  const profilerArgs = ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
  const app =
    server === "custom"
      ? startCustomServer(appDir, { databaseUrl, port: PORT, nodeArgs: profilerArgs })
      : startApp(appDir, { databaseUrl, port: PORT, poolSize: 10, nodeArgs: profilerArgs });
  let requests = 0;
  let cpuMs = 0;
  // The measured seconds only (after the warm-up), in the clock V8 stamps samples with.
  const window: Window = { from: 0, to: 0 };
  try {
    await waitUntilReady(app, "/api/v2/countries", headers);
    const api = `${app.url}/api/v2`;
    const common = {
      connections,
      durationSeconds,
      warmupSeconds: 2,
      headers,
      cpu: { app: () => treeCpuSeconds(app.process.pid!) },
    };
    // The samples kept are those between the end of the warm-up and the end of the run.
    const measured = async (options: Parameters<typeof measure>[0]) => {
      window.from = monotonicMicros() + options.warmupSeconds * 1e6;
      const measurement = await measure(options);
      window.to = monotonicMicros();
      return measurement;
    };
    // POST /order with a new body for each request.
    const orders = (order: () => object) =>
      measured({
        ...common,
        url: `${api}/order`,
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: () => JSON.stringify({ contact_name: "Bench", ...order() }),
      });
    let result;
    if (shape === "orders_region") {
      result = await orders(() => ({
        items: [{ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity: 1 }],
      }));
    } else if (shape === "orders") {
      const numbers = await availableNumbers(databaseUrl, "US-CA-LOS_ANGELES-213", 2000);
      result = await orders(() => ({
        items: [{ number_e164: numbers[Math.floor(Math.random() * numbers.length)] }],
      }));
    } else if (shape === "numbers") {
      // GET /numbers for one number the bench organization bought, as `npm run bench` does.
      const [owned] = await availableNumbers(databaseUrl, "US-IL-CHICAGO-312", 1);
      const bought = await fetch(`${api}/order`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ contact_name: "Bench", items: [{ number_e164: owned }] }),
      });
      if (bought.status !== 200)
        throw new Error(`could not buy ${owned}: ${bought.status} ${await bought.text()}`);
      result = await measured({ ...common, url: `${api}/numbers?number=${encodeURIComponent(owned)}` });
    } else if (shape === "health") {
      // The bench's floor: outside /api/v2, no token, no database, no log line.
      result = await measured({ ...common, url: `${app.url}/api/health` });
    } else {
      const target =
        shape === "products"
          ? `/products/${PRODUCTS_COUNTRY}`
          : shape === "countries"
            ? "/countries"
            : shape === "not_found"
              ? "/no-such-route"
              : inventoryPath(inventoryShapes.find((entry) => entry.key === shape) ?? inventoryShapes[0]);
      result = await measured({ ...common, url: `${api}${target}` });
    }
    requests = result.requests;
    cpuMs = result.cpuMsPerRequest.app;
    log(
      `${shape}: ${fixed(result.requestsPerSecond)} req/s, ${fixed(cpuMs, 1)} ms CPU a request, statuses ${JSON.stringify(result.statuses)}`,
    );
  } finally {
    // SIGTERM lets Node write the profile on its way out.
    await stopServer(app);
    if (shape.startsWith("orders") || shape === "numbers") await returnBenchPurchases(databaseUrl);
  }

  const files = readdirSync(profileDir).filter((file) => file.endsWith(".cpuprofile"));
  if (files.length === 0) throw new Error(`no profile was written to ${profileDir}`);
  // Next may run more than one process: the one that served the requests was the busiest in the
  // measured seconds.
  const profiles = files.map(
    (file) => JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile,
  );
  const busyMs = (candidate: CpuProfile) =>
    summarize(candidate, window)
      .filter((entry) => entry.category !== "idle")
      .reduce((sum, entry) => sum + entry.ms, 0);
  const profile = profiles.sort((a, b) => busyMs(b) - busyMs(a))[0];
  for (const file of files) rmSync(path.join(profileDir, file));
  writeFileSync(path.join(profileDir, "server.cpuprofile"), JSON.stringify(profile));

  const categories = summarize(profile, window).filter((entry) => entry.category !== "idle");
  const busy = categories.reduce((sum, entry) => sum + entry.ms, 0);
  const perRequest = (ms: number) => fixed(ms / Math.max(1, requests), 3);
  const lines = [
    `CPU profile of the app serving "${shape}" through ${server === "custom" ? "the custom server" : "next start"} (${connections} connections, ${durationSeconds} s after 2 s warm-up): ${requests.toLocaleString("en")} requests measured, ${fixed(cpuMs, 2)} ms of process CPU each`,
    `Samples of the measured seconds only; the main thread's busy time was ${perRequest(busy)} ms a request (the rest of the process CPU is V8's and libuv's helper threads). Shares are of those samples.`,
    "",
    table(
      ["where the time went (self time)", "share", "ms a request"],
      categories.map((entry) => [
        entry.category,
        `${fixed((100 * entry.ms) / busy, 1)} %`,
        perRequest(entry.ms),
      ]),
    ),
    "",
    table(
      ["heaviest functions (self time)", "where", "share", "ms a request"],
      topFunctions(profile, window, 15).map((entry) => [
        entry.name,
        entry.where,
        `${fixed((100 * entry.ms) / busy, 1)} %`,
        perRequest(entry.ms),
      ]),
    ),
    "",
    `Profile: ${path.relative(projectRoot, path.join(profileDir, "server.cpuprofile"))}`,
  ];
  const report = lines.join("\n");
  console.log(report);
  writeFileSync(path.join(profileDir, "summary.md"), `${report}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
