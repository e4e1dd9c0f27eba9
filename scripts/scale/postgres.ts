// PostgreSQL clusters of the scaling suite and benchmark: a primary and a streaming replica made
// with the server's own tools (initdb, pg_basebackup -R) in a temporary folder, on ports of
// their own, so the machine's main server is neither stopped nor reconfigured. Run as the
// `postgres` user when this process is root (the server refuses to run as root).
import { spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";

/** The newest PostgreSQL's binaries (Debian keeps them per version under /usr/lib/postgresql). */
export function postgresBin(tool: string): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(root, version, "bin", tool);
    if (existsSync(file)) return file;
  }
  throw new Error(`no ${tool} under ${root}: install PostgreSQL's server package`);
}

const asRoot = process.getuid?.() === 0;
const owner = asRoot ? spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }) : null;
const ownerIds = owner
  ? {
      uid: Number(owner.stdout.trim()),
      gid: Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim()),
    }
  : null;

/** Runs a PostgreSQL tool, as `postgres` when we are root; throws with its output when it fails. */
export function runTool(tool: string, args: string[]): string {
  const command = asRoot ? "runuser" : postgresBin(tool);
  const fullArgs = asRoot ? ["-u", "postgres", "--", postgresBin(tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8", cwd: tmpdir() });
  if (result.status !== 0)
    throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

export class Cluster {
  constructor(
    readonly name: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  url(database = "postgres"): string {
    return `postgresql://root@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    runTool("pg_ctl", ["-D", this.dir, "-l", `${this.dir}.log`, "-w", "-t", "60", "start"]);
  }

  /** fast: what an administrator's stop does (sessions ended, a clean shutdown). */
  stop(mode: "fast" | "immediate" = "fast"): void {
    if (existsSync(path.join(this.dir, "postmaster.pid")))
      runTool("pg_ctl", ["-D", this.dir, "-m", mode, "-w", "-t", "60", "stop"]);
  }

  async query<T extends object>(sql: string, database = "postgres"): Promise<T[]> {
    const client = new Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }
}

const SETTINGS = (port: number, socketDir: string) => `
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${socketDir}'
max_connections = 200
shared_buffers = 128MB
wal_level = replica
max_wal_senders = 5
hot_standby = on
track_counts = on
# A test cluster: losing it in a crash loses nothing.
fsync = off
full_page_writes = off
`;

/** A primary and a replica of it: the primary now, the replica once the data is in (`addReplica`). */
export class ClusterPair {
  readonly root: string;
  readonly primary: Cluster;
  readonly replica: Cluster;

  constructor(ports: { primary: number; replica: number }) {
    this.root = mkdtempSync(path.join(tmpdir(), "numbers-scale-"));
    if (ownerIds) chownSync(this.root, ownerIds.uid, ownerIds.gid);
    this.primary = new Cluster("primary", path.join(this.root, "primary"), ports.primary);
    this.replica = new Cluster("replica", path.join(this.root, "replica"), ports.replica);
  }

  /** initdb (superuser `root`, trust on loopback, replication allowed) and start. */
  startPrimary(): void {
    runTool("initdb", [
      "-D",
      this.primary.dir,
      "-U",
      "root",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]);
    appendFileSync(path.join(this.primary.dir, "postgresql.conf"), SETTINGS(this.primary.port, this.root));
    this.primary.start();
  }

  /** pg_basebackup -R of the primary as it is now, started as a streaming hot standby. */
  startReplica(): void {
    runTool("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(this.primary.port),
      "-U",
      "root",
      "-D",
      this.replica.dir,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
    ]);
    appendFileSync(path.join(this.replica.dir, "postgresql.auto.conf"), `port = ${this.replica.port}\n`);
    this.replica.start();
  }

  /** Waits until the replica has replayed everything the primary has written so far. */
  async waitCaughtUp(timeoutMs = 30_000): Promise<void> {
    const [{ lsn }] = await this.primary.query<{ lsn: string }>(
      "SELECT pg_current_wal_insert_lsn()::text AS lsn",
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await this.replica.query<{ done: boolean }>(
        `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
      );
      if (row.done) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica did not reach ${lsn} within ${timeoutMs} ms`);
  }

  /** Stops both (immediately: nothing in them is kept) and removes their folder. */
  destroy(): void {
    for (const cluster of [this.replica, this.primary]) {
      try {
        cluster.stop("immediate");
      } catch (error) {
        console.log(`  …  stopping the ${cluster.name}: ${(error as Error).message}`);
      }
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A folder the postgres user may write (for PgBouncer's files). */
export function ownedFolder(parent: string, name: string): string {
  const dir = path.join(parent, name);
  mkdirSync(dir, { recursive: true });
  if (ownerIds) chownSync(dir, ownerIds.uid, ownerIds.gid);
  return dir;
}
