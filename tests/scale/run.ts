// npm run test:scale — docs/CONTRACT.md §18 on this machine: a primary and a streaming replica of its own
// (scripts/scale/postgres.ts), PgBouncer in transaction mode in front of the primary, and three
// `next start` instances with DATABASE_URL = PgBouncer, DATABASE_DIRECT_URL = the primary and
// DATABASE_REPLICA_URL = the replica plus one that never answers. Checks, in order:
//   1. start-up with a dead replica: every instance starts, /api/ready lists it, its log says so once;
//   2. searches are served by the replica (its scan counters rise, the primary's do not);
//   3. read-your-writes: a hold made on one instance is seen by the same token's search on another
//      while replay on the replica is paused; another organization still reads the replica;
//   4. lag: with replay still paused, past REPLICA_MAX_LAG_MS the replica is skipped;
//   5. a token revoked on one instance is refused by the others within 1 s (LISTEN, direct URL);
//   6. the order race through PgBouncer: no number sold twice;
//   7. PgBouncer restarted under load: 503 + Retry-After while it is down, every acknowledged
//      order exists, every refused one goes through on retry with its Idempotency-Key, once;
//   8. the replica stopped: the service answers from the primary.
// Everything (instances, PgBouncer, both clusters and their folder) is removed at the end, also
// on failure or Ctrl-C. Ports: SCALE_PORT (3160) for the app, 5440/5441 and 6440 otherwise.
import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";
import { ensureBuild, freePorts, Instance } from "@/scripts/cluster/servers";
import { ClusterPair } from "@/scripts/scale/postgres";
import { ensurePgbouncer, Pgbouncer } from "@/scripts/scale/pgbouncer";
import { check, checks, failed, section } from "@/tests/cluster/report";
import { revocationChecks } from "@/tests/cluster/revocation";
import { type Buyer } from "@/tests/cluster/load";
import { bouncerRestartChecks, orderRaceChecks, replicaStopChecks } from "@/tests/scale/faults";
import { readYourWritesChecks, replicaServesChecks, startupChecks } from "@/tests/scale/routing";
import type { ScaleSetup } from "@/tests/scale/setup";

const DATABASE = "numbers_scale";
const PORTS = { primary: 5440, replica: 5441, deadReplica: 5449, bouncer: 6440 };
export const MAX_LAG_MS = 3_000;

async function main(): Promise<void> {
  const started = performance.now();
  await ensureBuild((line) => console.log(line));
  ensurePgbouncer();
  const pair = new ClusterPair({ primary: PORTS.primary, replica: PORTS.replica });
  const bouncer = new Pgbouncer(pair.root, PORTS.bouncer, { host: "127.0.0.1", port: PORTS.primary });
  const instances: Instance[] = [];
  let pool: Pool | undefined;
  let tornDown = false;
  const teardown = async () => {
    if (tornDown) return;
    tornDown = true;
    await Promise.all(instances.map((instance) => instance.stop().catch(() => {})));
    await pool?.end().catch(() => {});
    await bouncer.stop().catch(() => {});
    pair.destroy();
    console.log(`Torn down: instances, PgBouncer, both clusters and ${pair.root}.`);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void teardown().finally(() => process.exit(130)));

  try {
    section(`setup: primary :${PORTS.primary}, replica :${PORTS.replica}, PgBouncer :${PORTS.bouncer}`);
    pair.startPrimary();
    await pair.primary.query(`CREATE DATABASE ${DATABASE}`);
    const db = await connectPostgres(pair.primary.url(DATABASE), 4);
    await applyMigrations(db.sql);
    await seedDatabase(db, { numbers: 2_000, log: () => {} });
    const token = async (organizationId: string, userId: string) =>
      (await createApiToken(db.prisma, { organizationId, userId, name: `scale ${userId}`, scopes })).secret;
    const buyers: Buyer[] = [
      { name: "acme", token: await token("org_acme", "usr_acme_customer") },
      { name: "globex", token: await token("org_globex", "usr_globex_customer") },
    ];
    await db.close();
    pair.startReplica();
    await pair.waitCaughtUp();
    await bouncer.start();
    pool = new Pool({ connectionString: pair.primary.url(DATABASE), max: 4 });
    pool.on("error", () => {});
    console.log(`  …  seeded 2,000 numbers; replica caught up; ${bouncer.url(DATABASE)} answers`);

    const ports = await freePorts(3, Number(process.env.SCALE_PORT ?? 3160));
    const deadReplica = `postgresql://root@127.0.0.1:${PORTS.deadReplica}/${DATABASE}`;
    const env = {
      DATABASE_URL: bouncer.url(DATABASE),
      DATABASE_DIRECT_URL: pair.primary.url(DATABASE),
      DATABASE_REPLICA_URL: `${pair.replica.url(DATABASE)},${deadReplica}`,
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      DB_POOL_SIZE: "10",
      LOG_LEVEL: "info",
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      RATE_LIMIT_DEFAULT_PER_MINUTE: "1000000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "1000000",
      // No worker: its sweeps (holds, releases, documents, dunning, month end) read
      // inventory_number on the primary once a minute, and section 2 counts the primary's scans
      // of it to prove searches go to the replica. Nothing here waits on the worker.
      WEBHOOKS_WORKER: "off",
    };
    for (const [index, port] of ports.entries()) instances.push(new Instance(`app${index + 1}`, port, env));
    await Promise.all(instances.map((instance) => instance.start()));
    console.log(`  …  ${instances.map((instance) => `${instance.name} ${instance.url}`).join(", ")}`);

    const setup: ScaleSetup = { pair, bouncer, instances, buyers, pool, database: DATABASE, deadReplica };
    section("1. start-up with a replica URL that does not answer");
    await startupChecks(setup);
    section("2. searches are served by the replica");
    await replicaServesChecks(setup);
    section("3–4. read-your-writes across instances, and a lagging replica skipped");
    await readYourWritesChecks(setup, MAX_LAG_MS);
    section("5. a token revoked on one instance, refused by the others within 1 s");
    await revocationChecks(instances);
    section("6. the order race through PgBouncer");
    await orderRaceChecks(setup);
    section("7. PgBouncer restarted under load");
    await bouncerRestartChecks(setup);
    section("8. the replica stopped under load");
    await replicaStopChecks(setup);
  } catch (error) {
    check(
      "the suite ran to its end",
      false,
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  } finally {
    await teardown();
  }
  const bad = failed();
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `\n${checks.length - bad.length} passed, ${bad.length} failed` +
      `${bad.length ? `\nFAILED: ${bad.map((entry) => entry.name).join("; ")}` : ""}\n(test:scale took ${seconds} s)`,
  );
  process.exitCode = bad.length === 0 ? 0 : 1;
}

main().finally(() => setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref());
