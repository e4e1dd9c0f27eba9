// Production app instances for the cluster suite and the soak: `next start` processes on
// ports of their own, their output kept for the log checks, stopped by their own pid only.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { bundleServer, serverBundle } from "@/scripts/bundle-server";
import { withDeadline } from "@/scripts/cluster/deadline";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

const buildId = path.join(root, ".next", "BUILD_ID");

/**
 * Reuses the production build when there is one (the e2e suite makes it), else builds. When
 * another `next build` is running (Next refuses a second one), waits for its build instead.
 */
export async function ensureBuild(log: (line: string) => void = console.log): Promise<void> {
  if (!existsSync(buildId)) {
    log("No production build (.next/BUILD_ID): running next build…");
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      encoding: "utf8",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    process.stdout.write(build.stdout);
    process.stderr.write(build.stderr);
    if (build.status !== 0) {
      if (!`${build.stdout}${build.stderr}`.includes("Another next build process is already running"))
        throw new Error("next build failed");
      log("Another next build is running: waiting for its build (up to 20 minutes)…");
      const deadline = Date.now() + 20 * 60_000;
      while (!existsSync(buildId)) {
        if (Date.now() > deadline) throw new Error("the other next build did not finish within 20 minutes");
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  }
  log(`Using the production build .next/BUILD_ID ${readFileSync(buildId, "utf8").trim()}.`);
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports from `from` on. */
export async function freePorts(count: number, from: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; ports.length < count && port < from + 200; port++)
    if (await portIsFree(port)) ports.push(port);
  if (ports.length < count) throw new Error(`no ${count} free ports from ${from}`);
  return ports;
}

export class Instance {
  private child: ChildProcess | null = null;
  /** Everything the instance printed, across restarts. */
  readonly output: string[] = [];
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Where its METRICS_PORT listener is, when it has one. */
  get metricsUrl(): string | undefined {
    return this.env.METRICS_PORT ? `http://127.0.0.1:${this.env.METRICS_PORT}` : undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the built app behind scripts/server.ts and waits until it answers. */
  async start(readyTimeoutMs = 120_000): Promise<void> {
    this.starts++;
    // The custom server `npm start` runs (scripts/server.ts), so the suites see the same edges.
    await bundleServer();
    const child = spawn(process.execPath, [serverBundle, "-p", String(this.port), "-H", "127.0.0.1"], {
      // The suites buy many numbers: a new billing account's limit no order of theirs reaches
      // (a section may set its own).
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const keep = (chunk: Buffer) =>
      this.output.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((line) => line !== ""),
      );
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("exit", (code, signal) => {
      this.output.push(`[${this.name} exited: code ${code} signal ${signal}]`);
      if (this.child === child) this.child = null;
    });
    await this.waitReady(readyTimeoutMs);
  }

  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.child)
        throw new Error(`${this.name} exited while starting:\n${this.output.slice(-20).join("\n")}`);
      try {
        const status = await withDeadline(5_000, async (signal) => {
          const response = await fetch(`${this.url}/api/v2/destinations/US/local`, { signal });
          await response.arrayBuffer();
          return response.status;
        });
        if (status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} did not answer within ${timeoutMs / 1000} s`);
  }

  /** kill -9 of the instance and any process it started: no shutdown hooks, transactions cut off mid-flight. */
  kill9(): void {
    const pid = this.child?.pid;
    if (!pid) return;
    for (const target of [pid, ...descendants(pid)]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }

  /** SIGTERM, then SIGKILL if it lingers. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** Resident memory of the instance and its child processes, in bytes (Linux /proc). */
  residentBytes(): number {
    const pid = this.child?.pid;
    return pid ? treeResidentBytes(pid) : 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);
}

function treeResidentBytes(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) total += Number(match[1]) * 1024;
    for (const child of childrenOf(pid)) total += treeResidentBytes(child);
  } catch {
    // The process ended between reads.
  }
  return total;
}
