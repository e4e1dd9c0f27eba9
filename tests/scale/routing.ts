// The scaling suite's routing sections: where reads go (lib/db/replicas.ts) as three running
// instances show it — a dead replica at start-up, searches on the replica, a caller's reads after
// their own write, and a replica left behind.
import { call } from "@/tests/cluster/http";
import { check, histogram } from "@/tests/cluster/report";
import { inventoryScans, ready, replicaState, waitFor, type ScaleSetup } from "@/tests/scale/setup";

// GET /inventory answers a bare array of numbers (the spec's shape).
type SearchBody = Array<{ number_e164: string; held_until?: string }>;

export async function startupChecks(setup: ScaleSetup): Promise<void> {
  const deadPort = Number(new URL(setup.deadReplica).port);
  // Two checks a second apart at least, so that "said once" is not "said at the first check only".
  const settled = await waitFor(
    async () =>
      (await Promise.all(setup.instances.map((instance) => replicaState(instance, deadPort)))).every(
        (state) => state === "unreachable",
      ),
    10_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const answers = await Promise.all(setup.instances.map((instance) => ready(instance)));
  check(
    "every instance started with the dead replica URL and is ready (200)",
    answers.every((a) => a.status === 200),
  );
  check(
    "/api/ready lists the primary (PgBouncer), the replica ok and the dead one unreachable",
    settled &&
      answers.every(
        ({ body }) =>
          body.databases?.length === 3 &&
          body.databases[0].role === "primary" &&
          body.databases[0].name.includes(`:${setup.bouncer.port}/`) &&
          body.databases[1].state === "ok" &&
          body.databases[2].state === "unreachable" &&
          body.databases[2].lag_ms === null,
      ),
    JSON.stringify(answers[0].body),
  );
  const said = setup.instances.map(
    (instance) =>
      instance.output.filter(
        (line) => line.includes('"event":"replica_unreachable"') && line.includes(`:${deadPort}/`),
      ).length,
  );
  check(
    "each instance's log says once that it skips the dead replica",
    said.every((count) => count === 1),
    said.join(", "),
  );
}

export async function replicaServesChecks(setup: ScaleSetup): Promise<void> {
  const { pair, database, instances, buyers } = setup;
  const SEARCHES = 60;
  const replicaBefore = await inventoryScans(pair.replica, database);
  const primaryBefore = await inventoryScans(pair.primary, database);
  const answers = await Promise.all(
    Array.from({ length: SEARCHES }, (_, index) =>
      call(instances[index % instances.length], "GET", "/inventory/GB/mobile?limit=5", {
        token: buyers[1].token,
      }),
    ),
  );
  check(
    `${SEARCHES} searches answered 200`,
    answers.every((answer) => answer.status === 200),
    histogram(answers.map((a) => a.status)),
  );
  // Each backend reports its counts at most once a second and within 10 s when idle.
  await waitFor(
    async () => (await inventoryScans(pair.replica, database)) >= replicaBefore + SEARCHES,
    15_000,
    250,
  );
  const replicaRise = (await inventoryScans(pair.replica, database)) - replicaBefore;
  const primaryRise = (await inventoryScans(pair.primary, database)) - primaryBefore;
  console.log(`  …  inventory_number scans: replica +${replicaRise}, primary +${primaryRise}`);
  check(
    `the replica's scans of inventory_number rose by at least ${SEARCHES}`,
    replicaRise >= SEARCHES,
    `+${replicaRise}`,
  );
  check("the primary's did not rise", primaryRise === 0, `+${primaryRise}`);
}

const searchFor = (number: string, country: string) =>
  `/inventory/${country}?starts_with=${encodeURIComponent(number)}&limit=5`;

export async function readYourWritesChecks(setup: ScaleSetup, maxLagMs: number): Promise<void> {
  const { pair, pool, instances, buyers } = setup;
  const [acme, globex] = buyers;
  const [{ number_e164: number, country_id: country }] = (
    await pool.query<{ number_e164: string; country_id: string }>(
      `SELECT number_e164, trim(country_id) AS country_id FROM inventory_number WHERE status = 'available'
       ORDER BY md5(number_e164) LIMIT 1`,
    )
  ).rows;
  // A fresh commit replayed, then replay paused: the replica's lag starts near 0 and grows.
  await pool.query("SELECT txid_current()");
  await pair.waitCaughtUp();
  await pair.replica.query("SELECT pg_wal_replay_pause()");
  try {
    const held = await call(instances[0], "POST", "/reservations", {
      token: acme.token,
      body: { numbers: [number] },
    });
    check(`acme holds ${number} on ${instances[0].name}`, held.status === 200, `${held.status}`);
    const [sameInstance, otherInstance, otherOrganization] = await Promise.all([
      call<SearchBody>(instances[0], "GET", searchFor(number, country), { token: acme.token }),
      call<SearchBody>(instances[1], "GET", searchFor(number, country), { token: acme.token }),
      call<SearchBody>(instances[2], "GET", searchFor(number, country), { token: globex.token }),
    ]);
    const heldUntil = (answer: { body: SearchBody }) =>
      answer.body.find((item) => item.number_e164 === number)?.held_until;
    check(
      `acme's next search on ${instances[0].name} shows its hold (primary)`,
      heldUntil(sameInstance) !== undefined,
    );
    check(
      `acme's next search on ${instances[1].name} shows its hold too (the write was announced)`,
      heldUntil(otherInstance) !== undefined,
    );
    const staleRow = otherOrganization.body.find((item) => item.number_e164 === number);
    check(
      "globex, who wrote nothing, reads the paused replica: the number still for sale there",
      staleRow !== undefined && staleRow.held_until === undefined,
      JSON.stringify(otherOrganization.body),
    );

    const skipped = await waitFor(
      async () => (await replicaState(instances[2], pair.replica.port)) === "lagging",
      maxLagMs + 5_000,
      250,
    );
    const { body } = await ready(instances[2]);
    const lag = body.databases?.find((entry) => entry.name.includes(`:${pair.replica.port}/`))?.lag_ms ?? 0;
    check(
      `past REPLICA_MAX_LAG_MS (${maxLagMs}) /api/ready says the replica is lagging`,
      skipped && (lag ?? 0) > maxLagMs,
      `lag_ms ${lag}`,
    );
    const fresh = await call<SearchBody>(instances[2], "GET", searchFor(number, country), {
      token: globex.token,
    });
    check(
      "then globex's search is served by the primary: the number held by acme is gone",
      fresh.status === 200 && !fresh.body.some((item) => item.number_e164 === number),
      JSON.stringify(fresh.body),
    );
  } finally {
    await pair.replica.query("SELECT pg_wal_replay_resume()");
  }
  const back = await waitFor(
    async () =>
      (await Promise.all(instances.map((instance) => replicaState(instance, pair.replica.port)))).every(
        (s) => s === "ok",
      ),
    10_000,
    250,
  );
  check("replay resumed: the replica is used again", back);
}
