// PgBouncer for the scaling suite, the benchmark and test:pg through a pooler: Debian's package
// (installed with apt-get when missing, as scripts/ensure-browser.ts does for Chromium), in
// transaction pooling mode, every database of one server behind it, run in the foreground as a
// child of this process so it is stopped by its own pid.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { accessSync, constants, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { ownedFolder } from "@/scripts/scale/postgres";

const CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"];

function findPgbouncer(): string | null {
  return (
    CANDIDATES.find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** The pgbouncer binary, installed with apt-get when missing (apt-get update only if that fails). */
export function ensurePgbouncer(log: (line: string) => void = console.log): string {
  const found = findPgbouncer();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error("pgbouncer is not installed: sudo apt-get install pgbouncer");
  log("No pgbouncer found: installing it with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "pgbouncer"], { stdio: "inherit", env })
      .status === 0;
  if (!install() && !(spawnSync("apt-get", ["update"], { stdio: "inherit", env }).status === 0 && install()))
    throw new Error("apt-get install pgbouncer failed");
  const installed = findPgbouncer();
  if (!installed) throw new Error("pgbouncer is still missing after apt-get install");
  return installed;
}

export class Pgbouncer {
  private child: ChildProcess | null = null;
  readonly dir: string;
  readonly output: string[] = [];

  constructor(
    parent: string,
    readonly port: number,
    private readonly server: { host: string; port: number },
    private readonly poolSize = 20,
  ) {
    this.dir = ownedFolder(parent, `pgbouncer-${port}`);
  }

  url(database: string): string {
    return `postgresql://root@127.0.0.1:${this.port}/${database}`;
  }

  private writeConfig(): string {
    const userlist = path.join(this.dir, "userlist.txt");
    writeFileSync(userlist, `"root" ""\n"postgres" ""\n`);
    const ini = path.join(this.dir, "pgbouncer.ini");
    writeFileSync(
      ini,
      `[databases]
* = host=${this.server.host} port=${this.server.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${this.port}
unix_socket_dir =
auth_type = trust
auth_file = ${userlist}
pool_mode = transaction
default_pool_size = ${this.poolSize}
max_client_conn = 2000
ignore_startup_parameters = extra_float_digits,options
server_reset_query =
admin_users = root
logfile = ${path.join(this.dir, "pgbouncer.log")}
`,
    );
    return ini;
  }

  /** Starts PgBouncer and waits until its port takes connections. */
  async start(): Promise<void> {
    const binary = ensurePgbouncer();
    // Else the wait below would take whatever already listens there for this PgBouncer.
    if (await listening(this.port))
      throw new Error(`port ${this.port} is already taken: no PgBouncer started`);
    const ini = this.writeConfig();
    // It refuses to run as root; -u drops to postgres.
    const args = process.getuid?.() === 0 ? ["-u", "postgres", ini] : [ini];
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("exit", () => {
      if (this.child === child) this.child = null;
    });
    const deadline = Date.now() + 15_000;
    while (!(await listening(this.port))) {
      if (!this.child) throw new Error(`pgbouncer exited at start: ${this.output.slice(-5).join(" | ")}`);
      if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${this.port} within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM (PgBouncer's immediate shutdown: every connection cut), and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
