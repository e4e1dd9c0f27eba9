// The scaling suite's write and fault sections: the order race through PgBouncer, PgBouncer
// restarted under load, and the replica stopped under load.
import { call, type HttpAnswer } from "@/tests/cluster/http";
import { planContest, runContest } from "@/tests/cluster/load";
import { check, histogram } from "@/tests/cluster/report";
import { inventoryScans, ready, replicaState, waitFor, type ScaleSetup } from "@/tests/scale/setup";

export async function orderRaceChecks(setup: ScaleSetup): Promise<void> {
  const { pool, instances, buyers } = setup;
  const plan = await planContest(pool, 30, []);
  const { outcomes } = await runContest(instances, buyers, plan, {
    label: "scale",
    clients: 90,
    geographyOrders: 1,
    retry: false,
  });
  const named = outcomes.filter((outcome) => outcome.kind === "named");
  const wins = named.filter((outcome) => outcome.status === 200);
  console.log(`  …  named: ${histogram(named.map((outcome) => outcome.status))}`);
  check(
    "no answer was a 5xx or missing",
    outcomes.every((outcome) => outcome.status > 0 && outcome.status < 500),
  );
  check(
    `each of the ${plan.named.length} contested numbers won exactly once`,
    wins.length === plan.named.length &&
      new Set(wins.map((outcome) => outcome.number)).size === plan.named.length,
    `${wins.length} wins`,
  );
  check(
    "every other attempt is 409 number_unavailable",
    named.every(
      (outcome) =>
        outcome.status === 200 || (outcome.status === 409 && outcome.code === "number_unavailable"),
    ),
  );
  const sold = await pool.query<{ number_e164: string; reference_id: string }>(
    `SELECT n.number_e164, o.reference_id FROM inventory_number n JOIN order_item i ON i.id = n.order_item_id
     JOIN "order" o ON o.id = i.order_id WHERE n.number_e164 = ANY($1::text[])`,
    [plan.named],
  );
  const soldTo = new Map(sold.rows.map((row) => [row.number_e164, row.reference_id]));
  check(
    "in the database each is sold once, to the order that was told 200",
    sold.rows.length === plan.named.length &&
      wins.every((outcome) => soldTo.get(outcome.number ?? "") === outcome.referenceId),
  );
}

type Placed = { data?: { reference_id: string }; error?: { code: string } };
type Answered = { key: string; phase: "before" | "down" | "after"; answer: HttpAnswer<Placed> };

const orderBody = (key: string) => ({
  contact_name: `bouncer ${key}`,
  items: [{ country: "GB", number_type: "mobile" }],
});

export async function bouncerRestartChecks(setup: ScaleSetup): Promise<void> {
  const { bouncer, pool, instances, buyers } = setup;
  const CLIENTS = 9;
  let phase: Answered["phase"] = "before";
  let running = true;
  const answered: Answered[] = [];
  const searches: number[] = [];
  const client = async (index: number) => {
    for (let round = 0; running; round++) {
      const target = instances[(index + round) % instances.length];
      const key = `bouncer-${index}-${round}`;
      const at = phase;
      const answer = await call<Placed>(target, "POST", "/order", {
        token: buyers[index % 2].token,
        headers: { "idempotency-key": key },
        body: orderBody(key),
      });
      answered.push({ key, phase: at, answer });
      searches.push(
        (await call(target, "GET", "/inventory/GB/mobile?limit=5", { token: buyers[index % 2].token }))
          .status,
      );
    }
  };
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await bouncer.stop();
  phase = "down";
  console.log("  …  PgBouncer stopped (SIGTERM: every connection cut)");
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  await bouncer.start();
  phase = "after";
  console.log("  …  PgBouncer started again");
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  running = false;
  await load;

  const refused = answered.filter(({ answer }) => answer.status === 503);
  console.log(
    `  …  orders: ${answered.length} (${["before", "down", "after"].map((p) => `${p} ${histogram(answered.filter((a) => a.phase === p).map((a) => a.answer.status))}`).join("; ")}); searches ${histogram(searches)}`,
  );
  check(
    "while PgBouncer was down, requests were answered 503",
    refused.length > 0 || searches.includes(503),
    `${refused.length} orders`,
  );
  check(
    "every answer was 200 or 503 with Retry-After",
    answered.every(
      ({ answer }) =>
        answer.status === 200 || (answer.status === 503 && answer.headers.get("retry-after") !== null),
    ) && searches.every((status) => status === 200 || status === 503),
  );
  const acknowledged = answered
    .filter(({ answer }) => answer.status === 200)
    .map(({ answer }) => answer.body.data?.reference_id ?? "");
  const found = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "order" WHERE reference_id = ANY($1::text[])`,
    [acknowledged],
  );
  check(
    `every acknowledged order exists (${acknowledged.length})`,
    found.rows[0].n === acknowledged.length,
    `${found.rows[0].n} found`,
  );
  const retried = await Promise.all(
    refused.map(async ({ key }, index) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const answer = await call<Placed>(instances[index % instances.length], "POST", "/order", {
          token: buyers[Number(key.split("-")[1]) % 2].token,
          headers: { "idempotency-key": key },
          body: orderBody(key),
        });
        if (answer.status !== 503) return answer.status;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return 503;
    }),
  );
  check(
    "every refused order went through when retried with its Idempotency-Key",
    retried.every((status) => status === 200),
    histogram(retried),
  );
  const made = await pool.query<{ orders: number; keys: number }>(
    `SELECT count(*)::int AS orders, count(DISTINCT contact_name)::int AS keys FROM "order" WHERE contact_name LIKE 'bouncer %'`,
  );
  check(
    `one order per request, none twice (${answered.length})`,
    made.rows[0].orders === answered.length && made.rows[0].keys === answered.length,
    JSON.stringify(made.rows[0]),
  );
}

export async function replicaStopChecks(setup: ScaleSetup): Promise<void> {
  const { pair, database, instances, buyers } = setup;
  let running = true;
  const during: HttpAnswer[] = [];
  const load = Promise.all(
    Array.from({ length: 6 }, async (_, index) => {
      for (let round = 0; running; round++)
        during.push(
          await call(instances[(index + round) % 3], "GET", "/inventory/GB/mobile?limit=5", {
            token: buyers[1].token,
          }),
        );
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  pair.replica.stop("fast");
  console.log("  …  replica stopped (pg_ctl stop -m fast)");
  const skipped = await waitFor(
    async () =>
      (await Promise.all(instances.map((instance) => replicaState(instance, pair.replica.port)))).every(
        (s) => s === "unreachable",
      ),
    10_000,
    100,
  );
  running = false;
  await load;
  console.log(`  …  searches while it stopped: ${histogram(during.map((answer) => answer.status))}`);
  check("every instance's /api/ready says the replica is unreachable", skipped);
  check(
    "searches meanwhile were 200, or 503 with Retry-After for those the stop cut",
    during.every(
      (answer) =>
        answer.status === 200 || (answer.status === 503 && answer.headers.get("retry-after") !== null),
    ),
  );
  const primaryBefore = await inventoryScans(pair.primary, database);
  const after = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      call(instances[index % 3], "GET", "/inventory/GB/mobile?limit=5", { token: buyers[1].token }),
    ),
  );
  check(
    "then every search is 200, from the primary",
    after.every((answer) => answer.status === 200),
    histogram(after.map((a) => a.status)),
  );
  const rose = await waitFor(
    async () => (await inventoryScans(pair.primary, database)) >= primaryBefore + 30,
    15_000,
    250,
  );
  check("the primary's scans rose by the searches", rose);
  const readiness = await Promise.all(instances.map((instance) => ready(instance)));
  check(
    "/api/ready stays 200 without the replica",
    readiness.every((answer) => answer.status === 200),
  );
}
