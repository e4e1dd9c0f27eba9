// npm run bench:memory [-- --port <n> --limit-mb <n> --orders <n> --rebuild]
//
// The memory `npm start` costs on the embedded database (PGlite) after a person's walk through
// the portal, and an order's time on the same server: starts `npm start` on a fresh
// PGLITE_DATA_DIR, waits until it serves, walks every page of the portal in Debian's Chromium,
// each as the demo person whose role may see it (scripts/bench/portal-walk.ts: the customer's
// pages, billing and an invoice's PDF, a port-in through every step with its LOA signed, the
// emailed links a visitor follows, support's desks), and samples the resident set of every
// process below npm every 250 ms (/proc). Then, warm, times --orders (default 50) orders of
// each shape one after another through POST /api/v2/order with the demo token, beside as many
// GET /api/health (scripts/bench/order-requests.ts). Prints each process after start-up, after
// the walk (and after each step, the tree), after the orders and at its peak, and each request
// shape's median, p95, max and server CPU; exits 1 when the tree after the walk is at or over
// --limit-mb (default 400), the target of docs/PERFORMANCE.md.
// BENCH_APP_DIR serves another work tree's build (a "before" run); --rebuild builds first.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findChromium } from "@/scripts/ensure-browser";
import { residentByKind, v8Heap, type Share } from "@/scripts/bench/memory-profile";
import { describeOrderTimes, timeOrders } from "@/scripts/bench/order-requests";
import { WALK } from "@/scripts/bench/portal-walk";
import { loadAverage } from "@/scripts/bench/report";
import {
  prepareBuild,
  processTree,
  projectRoot,
  stopServer,
  treeCpuSeconds,
  treeRssByProcess,
  waitUntilReady,
  type Server,
} from "@/scripts/bench/processes";
import { linksInLog, type WalkContext } from "@/scripts/bench/walk-helpers";

const log = (line: string) => console.error(`[bench:memory] ${line}`);
const MB = 1024 * 1024;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

type Sample = Array<{ name: string; rss: number }>;

/** The tree's processes by name (/proc comm) with their largest resident set, sampled on a timer. */
class TreeSampler {
  readonly peaks = new Map<string, { name: string; rss: number }>();
  peakTotal = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly root: number) {}

  sample(): Sample {
    const processes = treeRssByProcess(this.root);
    const total = processes.reduce((sum, entry) => sum + entry.rss, 0);
    this.peakTotal = Math.max(this.peakTotal, total);
    for (const entry of processes) {
      const known = this.peaks.get(entry.name);
      if (!known || known.rss < entry.rss) this.peaks.set(entry.name, { name: entry.name, rss: entry.rss });
    }
    return processes;
  }

  start(intervalMs = 250): void {
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Forgets the peaks so far: the preparation (migrations, seed) runs before the server does. */
  reset(): void {
    this.peaks.clear();
    this.peakTotal = 0;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const list = (processes: Array<{ name: string; rss: number }>) =>
  processes.map((entry) => `${entry.name} ${mb(entry.rss)}`).join(", ");
const describe = (processes: Array<{ name: string; rss: number }>) =>
  `${mb(processes.reduce((sum, entry) => sum + entry.rss, 0))}: ` +
  processes.map((entry) => `${entry.name} ${mb(entry.rss)}`).join(" + ");

/** `npm start` as a user runs it, in its own process group so a stop reaches all of it. */
function startNpm(
  appDir: string,
  port: number,
  dataDir: string,
  metricsToken: string,
): { server: Server; stdoutFile: string } {
  const stdoutFile = path.join(os.tmpdir(), `numbers-bench-memory-${port}.log`);
  const stdout = openSync(stdoutFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    // Production's default, said here: the walk reads the emailed links from the log.
    LOG_LEVEL: "info",
    // The benchmark buys numbers: a new billing account's limit no order of it reaches, and
    // the orders timed one after another are more than a minute's 30 allow.
    BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
    RATE_LIMIT_ORDERS_PER_MINUTE: "100000000",
    // /metrics on the app's port for this token: V8's heap, for the profile printed after the walk.
    METRICS_TOKEN: metricsToken,
  };
  delete env.METRICS_PORT;
  // The embedded database and emails to the log, whatever the calling shell points at.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn("npm", ["start", "--", "-H", "127.0.0.1"], {
    cwd: appDir,
    env,
    stdio: ["ignore", stdout, "pipe"],
    detached: true,
  });
  closeSync(stdout);
  const output: string[] = [`(stdout in ${stdoutFile})`];
  child.stderr?.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  const server = { name: `npm start :${port}`, url: `http://127.0.0.1:${port}`, process: child, output };
  return { server, stdoutFile };
}

/** Walks every step; `tree` says what the tree holds after each, so a page that raises it shows. */
async function walk(context: WalkContext, tree: () => string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ baseURL: context.baseURL, viewport: { width: 1366, height: 768 } });
    const started = Date.now();
    for (const step of WALK) {
      const stepStarted = Date.now();
      try {
        await step.run(page, context);
        await page.waitForLoadState("networkidle");
      } catch (error) {
        const shown = (
          await page
            .locator("main")
            .first()
            .innerText()
            .catch(() => "")
        ).slice(0, 400);
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `walk step "${step.name}" failed on ${page.url()}: ${reason}\nThe page showed: ${shown}`,
        );
      }
      log(`  ${step.name}: ${Date.now() - stepStarted} ms; the tree ${tree()}`);
    }
    return Date.now() - started;
  } finally {
    await browser.close();
  }
}

const total = (processes: Sample) => processes.reduce((sum, entry) => sum + entry.rss, 0);
const shares = (list: Share[]) => list.map((share) => `${share.label} ${mb(share.bytes)}`).join(", ");

/** Where the server process's memory is (the node process below npm): its mappings, and V8's heap. */
async function serverProfile(server: Server, metricsToken: string): Promise<string[]> {
  // npm and, below it, the node process the shell exec'd; anything else and the profile says so.
  const [, node, ...more] = processTree(server.process.pid!);
  if (node === undefined || more.length > 0)
    return ["  (no profile: npm is not alone with one server process)"];
  const heap = await v8Heap(server.url, metricsToken).catch(() => null);
  return [
    `  the server process after the walk, by mapping: ${shares(residentByKind(node))}`,
    `  V8's heap after the walk: ${heap ? shares(heap) : "not read (/metrics refused)"}`,
  ];
}

async function main(): Promise<number> {
  const port = option("port", 3120);
  const limit = option("limit-mb", 400) * MB;
  const orders = option("orders", 50);
  const loadBefore = loadAverage();
  const appDir = prepareBuild({ snapshot: false, rebuild: process.argv.includes("--rebuild"), log });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "numbers-bench-memory-"));
  const metricsToken = randomBytes(18).toString("base64url");
  const { server, stdoutFile } = startNpm(appDir, port, dataDir, metricsToken);
  const sampler = new TreeSampler(server.process.pid!);
  sampler.start();
  try {
    const starting = Date.now();
    await waitUntilReady(server, "/api/health", {}, 600_000);
    log(`serving on :${port} after ${((Date.now() - starting) / 1000).toFixed(1)} s (app ${appDir})`);
    const preparation = { peaks: [...sampler.peaks.values()], total: sampler.peakTotal };
    sampler.reset();
    const afterStart = sampler.sample();
    const walkMs = await walk({ baseURL: server.url, emailLink: linksInLog(stdoutFile) }, () =>
      mb(total(sampler.sample())),
    );
    // A moment for what the last page started to finish; the figure is what stays resident.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const afterWalk = sampler.sample();
    const walkPeak = { total: sampler.peakTotal, each: [...sampler.peaks.values()] };
    const profile = await serverProfile(server, metricsToken);
    // The demo token `npm start` keeps beside its database (scripts/prepare-db.ts).
    const { token } = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
      token: string;
    };
    log(`timing ${orders} orders of each shape`);
    // A failure here still leaves the walk's figures to print.
    const orderTimes = await timeOrders(server.url, token, orders, () =>
      treeCpuSeconds(server.process.pid!),
    ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const afterOrders = sampler.sample();
    sampler.stop();
    const peaks = [...sampler.peaks.values()];
    const output = [
      `Memory of the \`npm start\` tree on PGlite (fresh database, port ${port}), ${new Date().toISOString()}`,
      `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAverage()}`,
      `After start-up: ${describe(afterStart)}`,
      `After the walk (${WALK.length} steps, ${(walkMs / 1000).toFixed(1)} s): ${describe(afterWalk)}`,
      `Peak during the walk: the tree ${mb(walkPeak.total)}; each process ${list(walkPeak.each)}`,
      ...profile,
      `After the orders: ${describe(afterOrders)}`,
      `Peak while serving (walk and orders): the tree ${mb(sampler.peakTotal)}; each process ${list(peaks)}`,
      `Peak while preparing (migrations, seed; before the server): the tree ${mb(preparation.total)}; ` +
        `each process ${list(preparation.peaks)}`,
      `Limit ${mb(limit)} after the walk: ${total(afterWalk) < limit ? "met" : "MISSED"}`,
      `Orders on the same server after the walk, one after another (demo token, warm), beside the floor:`,
      ...(orderTimes instanceof Error
        ? [`  failed: ${orderTimes.message}`]
        : orderTimes.map((times) => `  ${describeOrderTimes(times)}`)),
    ].join("\n");
    console.log(output);
    const dir = path.join(projectRoot, "data", "bench");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `memory-${new Date().toISOString().replace(/[:.]/g, "-")}.txt`),
      `${output}\n`,
    );
    if (orderTimes instanceof Error) return 2;
    return total(afterWalk) < limit ? 0 : 1;
  } finally {
    sampler.stop();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:memory failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
