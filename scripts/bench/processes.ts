// Servers the benchmark starts and stops (each by its own process id), and their memory.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(__dirname, "..", "..");

export type Server = { name: string; url: string; process: ChildProcess; output: string[] };

const running = new Set<ChildProcess>();
let handlersInstalled = false;

// Children lead their own process groups (so a stop reaches what they started), which also
// means Ctrl-C does not reach them: pass it on.
function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      for (const child of running)
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      process.exit(130);
    });
  }
}

/** Starts a child in its own process group and keeps the last lines it printed, for errors. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  url: string,
  stdoutFile?: string,
): Server {
  installSignalHandlers();
  // A request log on stdout goes to a file: read through a pipe, every line would cost the
  // bench process (on the same cores) CPU that is not the app's.
  const stdout = stdoutFile ? openSync(stdoutFile, "w") : "pipe";
  const child = spawn(command, args, {
    cwd,
    // The benchmarks buy many numbers: a new billing account's limit no order of theirs reaches.
    env: { ...process.env, BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00", ...env },
    stdio: ["ignore", stdout, "pipe"],
    detached: true,
  });
  if (typeof stdout === "number") closeSync(stdout);
  running.add(child);
  child.once("exit", () => running.delete(child));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    if (output.length > 40) output.splice(0, output.length - 40);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { name, url, process: child, output };
}

/** Polls until `probe` answers 200, or fails with what the server printed. */
export async function waitUntilReady(
  server: Server,
  probe: string,
  headers: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null)
      throw new Error(`${server.name} exited (${server.process.exitCode}):\n${server.output.join("\n")}`);
    try {
      const response = await fetch(server.url + probe, { headers });
      if (response.status === 200) return;
      await response.arrayBuffer();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${server.name} did not answer ${probe} within ${timeoutMs / 1000} s:\n${server.output.join("\n")}`,
  );
}

export async function stopServer(server: Server): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The group is the one this child leads (detached), so only what it started is signalled.
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

const nextBin = (appDir: string) => path.join(appDir, "node_modules", "next", "dist", "bin", "next");

/**
 * The built app in appDir on PostgreSQL, with the rate limits out of reach. `npmStart` serves
 * it the way a user does (`npm start`: the database preparation, then `exec next start`
 * under npm), so that the memory measured is the tree a user runs; without it, `next start`
 * alone (the scaling row, the profile). LOG_LEVEL is production's `info` unless given.
 */
export function startApp(
  appDir: string,
  options: {
    databaseUrl: string;
    port: number;
    poolSize: number;
    name?: string;
    nodeArgs?: string[];
    npmStart?: boolean;
    logLevel?: string;
    stdoutFile?: string;
    /** More settings (e.g. DATABASE_DIRECT_URL and DATABASE_REPLICA_URL for bench:scaling). */
    env?: Record<string, string>;
  },
): Server {
  const env: Record<string, string> = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    DB_POOL_SIZE: String(options.poolSize),
    PORT: String(options.port),
    // Production's default: the request log is part of what a request costs.
    LOG_LEVEL: options.logLevel ?? "info",
    // The benchmark measures the service, not its limiter: every limit out of reach.
    RATE_LIMIT_DEFAULT_PER_MINUTE: "100000000",
    RATE_LIMIT_ORDERS_PER_MINUTE: "100000000",
    NEXTAUTH_URL: `http://127.0.0.1:${options.port}`,
    ...options.env,
  };
  const [command, args]: [string, string[]] = options.npmStart
    ? ["npm", ["start", "--", "-H", "127.0.0.1"]]
    : [
        process.execPath,
        [
          ...(options.nodeArgs ?? []),
          nextBin(appDir),
          "start",
          "-p",
          String(options.port),
          "-H",
          "127.0.0.1",
        ],
      ];
  return startChild(
    options.name ?? `app :${options.port}`,
    command,
    args,
    appDir,
    env,
    `http://127.0.0.1:${options.port}`,
    options.stdoutFile ?? path.join(os.tmpdir(), `numbers-bench-app-${options.port}.log`),
  );
}

/**
 * The built app in appDir through its custom server, as `npm start` serves it (the same node
 * flags and environment as its exec line) but without npm start's database preparation: the
 * bench database is prepared already, and a tree whose migrations it lacks can be served too.
 * The tree's own scripts/server.ts is bundled first, unless `bundle` names a server bundle
 * made beforehand (a variant of the server, to compare with the tree's).
 */
export function startCustomServer(
  appDir: string,
  options: {
    databaseUrl: string;
    port: number;
    poolSize?: number;
    bundle?: string;
    nodeArgs?: string[];
    env?: Record<string, string>;
    stdoutFile?: string;
  },
): Server {
  if (!options.bundle) {
    const tsx = path.join(appDir, "node_modules", "tsx", "dist", "cli.mjs");
    const bundled = spawnSync(
      process.execPath,
      [
        tsx,
        "-e",
        "import('./scripts/bundle-server').then((m) => (m.bundleServer ?? m.default.bundleServer)())",
      ],
      { cwd: appDir, encoding: "utf8" },
    );
    if (bundled.status !== 0 || !existsSync(path.join(appDir, ".next", "portal-server.mjs")))
      throw new Error(`could not bundle the custom server of ${appDir}: ${bundled.stderr}`);
  }
  const { port } = options;
  return startChild(
    `custom :${port}`,
    process.execPath,
    [
      // npm start's exec line: the old-space cap, then the server bundle.
      "--max-old-space-size=256",
      ...(options.nodeArgs ?? []),
      options.bundle ?? path.join(".next", "portal-server.mjs"),
      "-H",
      "127.0.0.1",
    ],
    appDir,
    {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      DATABASE_URL: options.databaseUrl,
      DB_POOL_SIZE: String(options.poolSize ?? 10),
      PORT: String(port),
      LOG_LEVEL: "info",
      RATE_LIMIT_DEFAULT_PER_MINUTE: "100000000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "100000000",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    `http://127.0.0.1:${port}`,
    options.stdoutFile ?? path.join(os.tmpdir(), `numbers-bench-app-${port}.log`),
  );
}

export function startBaseline(options: {
  databaseUrl: string;
  port: number;
  poolSize: number;
  productsSqlFile: string;
}): Server {
  const tsx = path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs");
  return startChild(
    `baseline :${options.port}`,
    process.execPath,
    [tsx, path.join(projectRoot, "scripts", "bench", "baseline-server.ts")],
    projectRoot,
    {
      BASELINE_DATABASE_URL: options.databaseUrl,
      BASELINE_PORT: String(options.port),
      BASELINE_POOL_SIZE: String(options.poolSize),
      BASELINE_PRODUCTS_SQL: options.productsSqlFile,
    },
    `http://127.0.0.1:${options.port}`,
  );
}

/** A process and every process below it, the process first. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone since the listing.
    }
  }
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    tree.push(current);
    pending.push(...(children.get(current) ?? []));
  }
  return tree;
}

// Linux reports CPU time in clock ticks of 1/100 s on every platform Node runs on here.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the given processes have used so far; gone ones count 0. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds used so far by a process and everything below it. */
export function treeCpuSeconds(pid: number): number {
  return cpuSeconds(processTree(pid));
}

/** Resident memory of a process and every process below it, in bytes (Linux /proc). */
export function treeRss(pid: number): number {
  let total = 0;
  for (const current of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${current}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // Exited.
    }
  }
  return total;
}

/** Each process of the tree: its name (/proc comm) and resident memory in bytes. */
export function treeRssByProcess(pid: number): Array<{ name: string; rss: number }> {
  const result: Array<{ name: string; rss: number }> = [];
  for (const current of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${current}/status`, "utf8");
      const name = /Name:\s+(.*)/.exec(status)?.[1] ?? String(current);
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (match) result.push({ name, rss: Number(match[1]) * 1024 });
    } catch {
      // Exited.
    }
  }
  return result;
}

/** Samples the largest RSS of each server while the benchmark runs. */
export class RssSampler {
  readonly peak = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly servers: () => Server[]) {}

  start(intervalMs = 250): void {
    this.timer = setInterval(() => {
      for (const server of this.servers()) {
        if (server.process.pid === undefined || server.process.exitCode !== null) continue;
        const rss = treeRss(server.process.pid);
        this.peak.set(server.name, Math.max(this.peak.get(server.name) ?? 0, rss));
      }
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * The directory whose build is served. In place (the project) by default; with `snapshot`,
 * a copy of the work tree (sources only, node_modules hard-linked, only the app type-checked) built on
 * its own, so edits and builds going on in the work tree cannot change what is measured.
 */
export function prepareBuild(options: {
  snapshot: boolean;
  rebuild: boolean;
  log: (line: string) => void;
}): string {
  // BENCH_APP_DIR serves a build made earlier (e.g. the last --snapshot) without copying again.
  let appDir = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : projectRoot;
  if (options.snapshot && !process.env.BENCH_APP_DIR) {
    appDir = path.join(os.tmpdir(), "numbers-bench-app");
    options.log(`copying the work tree to ${appDir}`);
    rmSync(appDir, { recursive: true, force: true });
    mkdirSync(appDir, { recursive: true });
    const listed = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
      cwd: projectRoot,
      encoding: "utf8",
    });
    if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
    const files = listed.stdout.split("\0").filter(Boolean);
    for (const file of files) {
      const source = path.join(projectRoot, file);
      if (!existsSync(source)) continue;
      mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
      cpSync(source, path.join(appDir, file));
    }
    cpSync(path.join(projectRoot, "lib", "generated"), path.join(appDir, "lib", "generated"), {
      recursive: true,
    });
    // next build type-checks what tsconfig includes: in the copy, only what the app is made of,
    // so half-written tests or scripts elsewhere in the work tree cannot stop the build.
    const tsconfigFile = path.join(appDir, "tsconfig.json");
    const tsconfig = JSON.parse(readFileSync(tsconfigFile, "utf8")) as {
      include: string[];
      exclude?: string[];
    };
    tsconfig.include = tsconfig.include
      .filter((pattern) => !pattern.startsWith("**"))
      .concat([
        "app/**/*.ts",
        "app/**/*.tsx",
        "components/**/*.ts",
        "components/**/*.tsx",
        "lib/**/*.ts",
        "lib/**/*.tsx",
        "proxy.ts",
      ]);
    tsconfig.exclude = [
      ...(tsconfig.exclude ?? []),
      "**/*.test.ts",
      "**/*.test.tsx",
      "scripts",
      "tests",
      "e2e",
    ];
    writeFileSync(tsconfigFile, JSON.stringify(tsconfig, null, 2));
    // Turbopack refuses a node_modules that is a link out of the project; hard links are files.
    linkTree(path.join(projectRoot, "node_modules"), path.join(appDir, "node_modules"));
  }
  if (
    options.rebuild ||
    (options.snapshot && !process.env.BENCH_APP_DIR) ||
    !existsSync(path.join(appDir, ".next", "BUILD_ID"))
  ) {
    options.log(`building the app in ${appDir} (next build)`);
    const build = spawnSync(process.execPath, [nextBin(appDir), "build"], {
      cwd: appDir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      encoding: "utf8",
    });
    if (build.status !== 0) throw new Error(`next build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return appDir;
}

function linkTree(source: string, target: string): void {
  // Another file system cannot take hard links: copy instead.
  const linked = spawnSync("cp", ["-al", source, target]);
  if (linked.status !== 0 && spawnSync("cp", ["-a", source, target]).status !== 0)
    throw new Error(`could not copy ${source}`);
}
