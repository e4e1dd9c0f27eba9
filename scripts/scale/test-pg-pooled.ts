// npm run test:pg:pooled — `npm run test:pg` with the app reaching PostgreSQL through PgBouncer in
// transaction pooling mode (docs/CONTRACT.md §18): PgBouncer (scripts/scale/pgbouncer.ts) is started in
// front of the server PG_TEST_DIRECT_URL names (default postgresql://root@127.0.0.1:5432/test),
// then the suites run with PG_TEST_URL = PgBouncer (every query of the code under test) and
// PG_TEST_DIRECT_URL = the server (template and clone databases, migrations, LISTEN). PgBouncer
// is stopped and its folder removed at the end, also on failure or Ctrl-C. Its statistics are
// printed before, to show the suites' transactions went through it.
//
// Port: TEST_PG_POOLED_PORT (6450; test:scale uses 6440). Server connections per database:
// TEST_PG_POOLED_POOL_SIZE (10, fewer than the test pool's 20 clients, so they are shared).
// Arguments are passed to vitest: `npm run test:pg:pooled -- lib/orders` runs one folder.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { Pgbouncer } from "@/scripts/scale/pgbouncer";
import { ownedFolder } from "@/scripts/scale/postgres";
import { quoteIdent, withAdminClient } from "@/tests/test-database";

const serverUrl = process.env.PG_TEST_DIRECT_URL ?? "postgresql://root@127.0.0.1:5432/test";
const port = Number(process.env.TEST_PG_POOLED_PORT ?? 6450);
const poolSize = Number(process.env.TEST_PG_POOLED_POOL_SIZE ?? 10);

type PoolerStats = { databases: number; transactions: number; queries: number };

/** What PgBouncer's admin console counted for the suites' databases (numbers_t_…). */
async function poolerStats(bouncer: Pgbouncer): Promise<PoolerStats> {
  const admin = new Client({ connectionString: bouncer.url("pgbouncer") });
  await admin.connect();
  try {
    const { rows } = await admin.query<{
      database: string;
      total_xact_count: string;
      total_query_count: string;
    }>("SHOW STATS");
    const suites = rows.filter((row) => row.database.startsWith("numbers_t_"));
    return {
      databases: suites.length,
      transactions: suites.reduce((sum, row) => sum + Number(row.total_xact_count), 0),
      queries: suites.reduce((sum, row) => sum + Number(row.total_query_count), 0),
    };
  } finally {
    await admin.end();
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run test:pg` in a process group of its own (npm, sh, vitest and its workers), so that
 * stopping it stops them all: a signal to npm alone leaves vitest running on, against a
 * PgBouncer that is gone. `exited` resolves once every process of the group has ended.
 */
function runSuites(env: NodeJS.ProcessEnv): { exited: Promise<number>; stop: () => number[] } {
  const child = spawn("npm", ["run", "test:pg", "--", ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit"],
    env,
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const npmExited = new Promise<number>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 130 : 1)));
    child.once("error", () => resolve(1));
  });
  const exited = npmExited.then(async (code) => {
    for (let waited = 0; child.pid && groupAlive(child.pid); waited += 100) {
      if (waited === 30_000) signalGroup("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return code;
  });
  // SIGINT, as Ctrl-C in a terminal would send. The group's pids are returned: they name the
  // databases vitest may leave behind when stopped early (numbers_t_<pid>_…, numbers_tpl_<pid>_…).
  const stop = () => {
    const listed = child.pid
      ? spawnSync("ps", ["-o", "pid=", "-g", String(child.pid)], { encoding: "utf8" })
      : null;
    signalGroup("SIGINT");
    return (listed?.stdout ?? "")
      .split("\n")
      .map(Number)
      .filter((pid) => pid > 0);
  };
  return { exited, stop };
}

/** Drops the databases that the stopped processes made and had no time to drop. */
async function dropLeftovers(pids: number[]): Promise<void> {
  const names = await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database");
    const made = new RegExp(`^numbers_t(pl)?_(${pids.join("|")})_[0-9a-f]+$`);
    const leftovers = rows.map((row) => row.datname).filter((name) => made.test(name));
    for (const name of leftovers)
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    return leftovers;
  });
  if (names.length > 0) console.log(`Dropped what the stopped run left: ${names.join(", ")}.`);
}

async function main(): Promise<number> {
  const server = new URL(serverUrl);
  // A folder the postgres user may enter: PgBouncer drops to it when run as root.
  const root = ownedFolder(tmpdir(), path.basename(mkdtempSync(path.join(tmpdir(), "numbers-pooled-"))));
  const bouncer = new Pgbouncer(
    root,
    port,
    { host: server.hostname, port: Number(server.port || 5432) },
    poolSize,
  );
  let suites: ReturnType<typeof runSuites> | undefined;
  const stoppedPids: number[] = [];
  const interrupted = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the suites and PgBouncer…`);
    stoppedPids.push(...(suites?.stop() ?? []));
  };
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);
  try {
    await bouncer.start();
    const pooled = new URL(bouncer.url(server.pathname.slice(1) || "postgres"));
    console.log(
      `PgBouncer (transaction pooling, ${poolSize} server connections per database) on :${port} in front of ${server.host}`,
    );
    console.log(`PG_TEST_URL=${pooled.toString()} PG_TEST_DIRECT_URL=${serverUrl}`);
    const started = performance.now();
    suites = runSuites({
      ...process.env,
      PG_TEST_URL: pooled.toString(),
      PG_TEST_DIRECT_URL: serverUrl,
    });
    const code = await suites.exited;
    const seconds = (performance.now() - started) / 1000;
    const stats = await poolerStats(bouncer).catch((error: Error) => error);
    console.log(
      stats instanceof Error
        ? `PgBouncer's statistics could not be read: ${stats.message}`
        : `Through PgBouncer: ${stats.databases} test databases, ${stats.transactions.toLocaleString("en")} transactions, ${stats.queries.toLocaleString("en")} queries.`,
    );
    if (code !== 0) {
      const complaints = bouncer.output.filter((line) => /WARNING|ERROR|FATAL/.test(line));
      if (complaints.length > 0)
        console.log(`PgBouncer's last complaints:\n${complaints.slice(-20).join("\n")}`);
    }
    console.log(`test:pg through PgBouncer: exit ${code} after ${Math.round(seconds)} s.`);
    if (stoppedPids.length > 0) await dropLeftovers(stoppedPids);
    return code;
  } finally {
    await bouncer.stop().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
