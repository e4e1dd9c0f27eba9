// npm run test:cluster — docs/SECURITY.md's promises across processes: three `next start` instances
// on one fresh PostgreSQL database (created, migrated and seeded small here, dropped at the end).
//   1. portal sessions over HTTP: signing out everywhere on one instance, and a plain sign-out
//      refusing a copied cookie on the others (tests/cluster/sessions-end.ts), single sign-on's
//      disconnect ending its sessions everywhere (tests/cluster/sso.ts), cookie flags,
//      the Origin check, sign-in throttling shared by the instances (per account and per
//      client, whatever X-Forwarded-For claims);
//   2. a race: 300 concurrent clients over the three instances, 50 contested named numbers
//      and two geographies with too little stock;
//   3. the same load again with one instance killed (kill -9) in the middle and restarted,
//      clients retrying with their Idempotency-Key on another instance;
//   4. 20 parallel identical requests with one Idempotency-Key over the instances;
//   5. configuration changes with one ETag sent to every instance at once: one wins;
//   6. a bulk job whose worker is killed (kill -9) holding its lease: every number done once;
//      the month-end run closing 300 accounts on the three instances at once, one killed
//      (kill -9) mid-run: every charge once, one invoice each, no gap (tests/cluster/billing.ts);
//      the carrier driver porting 200 orders on the three instances, one killed (kill -9) mid-run:
//      each order's moves once, each number activated or withdrawn and charged once
//      (tests/cluster/porting.ts);
//   7. a database outage: a fourth instance whose connection to PostgreSQL is cut for 5 s
//      under load (tests/cluster/outage.ts): 503s, /api/ready and /api/health, the recovery;
//   8. metrics: each instance, scraped on its own METRICS_PORT, counts only the orders it
//      served, and `npm run worker` serves its own (tests/cluster/metrics.ts);
//   9. request edges: a fifth instance with short bounds answers a stalled request body 408,
//      refuses uploads before reading them, and answers 503 while its database connection is
//      frozen (tests/cluster/request-edges.ts);
//  10. the order and billing invariants in the database, and the instances' logs free of secrets.
// PG_TEST_URL names the server (default postgresql://root@127.0.0.1:5432/test); a production
// build is reused when .next/BUILD_ID exists. CLUSTER_CLIENTS (300), CLUSTER_PORT (3410: the
// instances' ports are the first free ones from there; the sections' extra instances take
// ports after them) and CLUSTER_METRICS_PORT (the first free ones from CLUSTER_PORT + 60: each
// instance's METRICS_PORT). `npm run test:cluster -- sessions-end` (or `-- jobs`, `-- billing`, `-- porting`, `-- metrics`)
// runs only that section (on the same three instances; `-- sso` the single sign-on disconnect, its
// provider on CLUSTER_SSO_PROVIDER_PORT); `-- edges` runs only section 9, on its
// one instance (from CLUSTER_PORT).
import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";
import { DEFAULT_DEMO_PASSWORD } from "@/prisma/seed/fixtures";
import { ensureBuild, freePorts, Instance } from "@/scripts/cluster/servers";
import {
  adminUrl,
  databaseUrl,
  quoteIdent,
  uniqueDatabaseName,
  withAdminClient,
} from "@/tests/test-database";
import { call, contractFailures, statusCounts } from "@/tests/cluster/http";
import { violatedInvariants } from "@/tests/cluster/invariants";
import {
  planContest,
  repeatIdempotent,
  runContest,
  type Buyer,
  type Outcome,
  type Plan,
} from "@/tests/cluster/load";
import { check, checks, failed, histogram, section } from "@/tests/cluster/report";
import { sessionSecurityChecks } from "@/tests/cluster/security";
import { configurationRaceChecks } from "@/tests/cluster/configurations";
import { outageChecks } from "@/tests/cluster/outage";
import { holdRaceChecks } from "@/tests/cluster/holds";
import { webhookClusterEnv, webhookDeliveryChecks } from "@/tests/cluster/webhooks";
import { crossInstanceChecks } from "@/tests/cluster/revocation";
import { sessionsEndChecks, signOutChecks } from "@/tests/cluster/sessions-end";
import { jobCrashChecks } from "@/tests/cluster/jobs";
import { billingClusterEnv, monthEndCrashChecks } from "@/tests/cluster/billing";
import { portingClusterEnv, portingCrashChecks } from "@/tests/cluster/porting";
import { perInstanceMetricsChecks, workerMetricsChecks } from "@/tests/cluster/metrics";
import { requestEdgeChecks } from "@/tests/cluster/request-edges";
import { ssoDisconnectChecks } from "@/tests/cluster/sso";

type Context = {
  instances: Instance[];
  buyers: Buyer[];
  pool: Pool;
  env: Record<string, string>;
  /** The first port the section may take for processes of its own. */
  spare: number;
};

// Sections that can run alone: `npm run test:cluster -- <name>`.
const SELECTABLE: Record<string, (context: Context) => Promise<void>> = {
  "sessions-end": async ({ instances }) => {
    await sessionsEndChecks(instances);
    await signOutChecks(instances);
  },
  jobs: ({ instances, buyers, pool }) => jobCrashChecks(instances, buyers[0].token, pool),
  billing: ({ instances, pool }) => monthEndCrashChecks(instances, pool),
  porting: ({ instances, pool }) => portingCrashChecks(instances, pool),
  sso: ({ instances }) => ssoDisconnectChecks(instances, SSO_PROVIDER_PORT),
  metrics: async ({ instances, buyers, env, spare }) => {
    await perInstanceMetricsChecks(instances, buyers[0].token);
    await workerMetricsChecks(env, spare);
  },
};

const INSTANCES = 3;
// The single sign-on section's provider on loopback (CLUSTER_SSO_PROVIDER_PORT, else beside the metrics ports).
const SSO_PROVIDER_PORT = Number(
  process.env.CLUSTER_SSO_PROVIDER_PORT ?? Number(process.env.CLUSTER_METRICS_PORT ?? 3470) + 8,
);
const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 300);
const CONTESTED = 50;
const SEED_NUMBERS = 2_000;

async function main(): Promise<void> {
  const started = performance.now();
  const only = process.argv[2];
  if (only !== undefined && only !== "edges" && !(only in SELECTABLE))
    throw new Error(
      `unknown section ${only}; these run alone: ${[...Object.keys(SELECTABLE), "edges"].join(", ")}`,
    );
  await ensureBuild((line) => console.log(line));
  const name = uniqueDatabaseName("numbers_cluster");
  const url = databaseUrl(name);
  console.log(`Database ${name} on ${new URL(adminUrl()).host}`);
  await withAdminClient((client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const instances: Instance[] = [];
  let pool: Pool | undefined;
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await pool?.end();
    pool = undefined;
    if (!process.env.CLUSTER_KEEP_DB)
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
  };
  process.once("SIGINT", () => void stopAll().finally(() => process.exit(130)));

  try {
    const db = await connectPostgres(url, 4);
    await applyMigrations(db.sql);
    await seedDatabase(db, { numbers: SEED_NUMBERS, log: () => {} });
    const buyers: Buyer[] = [
      {
        name: "acme",
        token: (
          await createApiToken(db.prisma, {
            organizationId: "org_acme",
            userId: "usr_acme_customer",
            name: "cluster acme",
            scopes,
          })
        ).secret,
      },
      {
        name: "globex",
        token: (
          await createApiToken(db.prisma, {
            organizationId: "org_globex",
            userId: "usr_globex_customer",
            name: "cluster globex",
            scopes,
          })
        ).secret,
      },
    ];
    await db.close();
    pool = new Pool({ connectionString: url, max: 4 });
    // pool.end() resolves once its clients are told to end, not once their sockets close, so the
    // teardown's DROP DATABASE … WITH (FORCE) can still terminate one (57P01). That is an
    // 'error' event on the pool, which crashes the process when nobody listens.
    pool.on("error", (error) => console.log(`  …  the suite's own connection ended: ${error.message}`));

    const firstPort = Number(process.env.CLUSTER_PORT ?? 3410);
    const edges = (fromPort: number) =>
      requestEdgeChecks({
        databaseUrl: url,
        env: { NEXTAUTH_SECRET: randomBytes(32).toString("base64url") },
        token: buyers[0].token,
        fromPort,
      });
    if (only === "edges") {
      section("request edges: one instance with short bounds");
      await edges(firstPort);
      return;
    }

    const ports = await freePorts(INSTANCES, firstPort);
    const metricsPorts = await freePorts(
      INSTANCES,
      Number(process.env.CLUSTER_METRICS_PORT ?? firstPort + 60),
    );
    const env = {
      DATABASE_URL: url,
      DB_POOL_SIZE: "10",
      LOG_LEVEL: "info",
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      // The race is about orders, not the rate limit: every client shares two tokens.
      RATE_LIMIT_DEFAULT_PER_MINUTE: "1000000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "1000000",
      // Holds end after 30 s, so the holds section can see them end (tests/cluster/holds.ts).
      RESERVATION_MINUTES: "0.5",
      // A bulk job's claim does 50 numbers: the jobs section's 1,000 are twenty batches, enough
      // claims for its kill to land while one is held (tests/cluster/jobs.ts).
      JOBS_BATCH_SIZE: "50",
      ...webhookClusterEnv,
      ...billingClusterEnv,
      ...portingClusterEnv,
    };
    // Each its own METRICS_PORT, as docs/OPERATIONS.md deploys them: scraped one by one.
    for (const [index, port] of ports.entries())
      instances.push(
        new Instance(`app${index + 1}`, port, { ...env, METRICS_PORT: String(metricsPorts[index]) }),
      );
    await Promise.all(instances.map((instance) => instance.start()));
    console.log(
      `Instances: ${instances.map((instance) => `${instance.name} ${instance.url} (pid ${instance.pid})`).join(", ")}`,
    );

    if (only !== undefined) {
      await SELECTABLE[only]({ instances, buyers, pool, env, spare: metricsPorts[INSTANCES - 1] + 1 });
      return;
    }
    // Before the session checks, whose sign-in throttling would refuse this suite's sign-in.
    await sessionsEndChecks(instances);
    await signOutChecks(instances);
    await ssoDisconnectChecks(instances, SSO_PROVIDER_PORT);
    await crossInstanceChecks({ instances, databaseUrl: url, env, fromPort: ports[INSTANCES - 1] + 20 });
    const secrets = [
      ...buyers.map((buyer) => buyer.token),
      DEFAULT_DEMO_PASSWORD,
      "wrong-password-guess",
      ...(await sessionSecurityChecks(instances)),
    ];

    section(
      `race: ${CLIENTS} clients, ${CONTESTED} contested numbers, two small geographies, ${INSTANCES} instances`,
    );
    const racePlan = await planContest(pool, CONTESTED, []);
    const race = await runContest(instances, buyers, racePlan, {
      label: "race",
      clients: CLIENTS,
      geographyOrders: 1,
      retry: false,
    });
    await verifyContest(pool, "race", racePlan, race.outcomes, buyers, instances);

    section(`crash: the same load with ${instances[1].name} killed (kill -9) in the middle, then restarted`);
    const crashPlan = await planContest(
      pool,
      CONTESTED,
      racePlan.geographies.map((geography) => geography.region),
    );
    const total = CLIENTS * 3;
    const restart: { done: Promise<void> | null } = { done: null };
    const crash = await runContest(instances, buyers, crashPlan, {
      label: "crash",
      clients: CLIENTS,
      geographyOrders: 2,
      retry: true,
      onProgress: (completed) => {
        if (restart.done === null && completed >= Math.floor(total / 3)) {
          console.log(
            `  …  ${completed}/${total} requests answered: kill -9 ${instances[1].name} (pid ${instances[1].pid}), restarting it`,
          );
          instances[1].kill9();
          restart.done = instances[1].start();
        }
      },
    });
    check("the instance was killed during the load", restart.done !== null);
    await restart.done;
    check(
      "clients retried after the kill (the kill hit requests in flight)",
      crash.retries > 0,
      `${crash.retries} retries`,
    );
    await verifyContest(pool, "crash", crashPlan, crash.outcomes, buyers, instances);
    const after = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0
          ? call(instances[1], "POST", "/order", {
              token: buyers[index % 2].token,
              body: {
                contact_name: `after restart ${index}`,
                items: [{ country: "GB", number_type: "mobile" }],
              },
            })
          : call(instances[1], "GET", "/orders?limit=5", { token: buyers[index % 2].token }),
      ),
    );
    check(
      `the restarted ${instances[1].name} serves again`,
      after.every((answer) => answer.status === 200),
      histogram(after.map((answer) => answer.status)),
    );

    section("idempotency: 20 parallel identical requests with one key, over the instances");
    const key = `cluster-idempotent-${randomBytes(4).toString("hex")}`;
    const body = {
      contact_name: `idempotent ${key}`,
      items: [{ country: "GB", number_type: "mobile", quantity: 2 }],
    };
    const copies = await repeatIdempotent(instances, buyers[0], key, body, 20);
    check(
      "all 20 answered 200",
      copies.every((answer) => answer.status === 200),
      histogram(copies.map((answer) => answer.status)),
    );
    check("with one identical body", new Set(copies.map((answer) => JSON.stringify(answer.body))).size === 1);
    check(
      "19 of them replayed",
      copies.filter((answer) => answer.headers.get("idempotent-replayed") === "true").length === 19,
    );
    const made = await pool.query(
      `SELECT o.reference_id, count(n.id)::int AS numbers FROM "order" o JOIN order_item i ON i.order_id = o.id LEFT JOIN inventory_number n ON n.order_item_id = i.id WHERE o.contact_name = $1 GROUP BY o.reference_id`,
      [body.contact_name],
    );
    check(
      "one order was made, with its 2 numbers",
      made.rows.length === 1 && made.rows[0].numbers === 2,
      JSON.stringify(made.rows),
    );
    const conflicts = await repeatIdempotent(
      instances,
      buyers[0],
      key,
      { ...body, contact_name: "another body" },
      INSTANCES,
    );
    check(
      "the key with another body is 409 idempotency_conflict on every instance",
      conflicts.every(
        (answer) => answer.status === 409 && answer.body?.error?.code === "idempotency_conflict",
      ),
    );

    section(`configurations: PUTs with one ETag on ${INSTANCES} instances at once`);
    await configurationRaceChecks(instances, buyers[0].token, pool);

    section(`holds: ${CLIENTS} clients of three organizations, the same 50 numbers, ${INSTANCES} instances`);
    await holdRaceChecks(instances, url, pool, CLIENTS);

    section(`webhooks: deliveries in flight when ${instances[1].name} is killed (kill -9) and restarted`);
    await webhookDeliveryChecks(instances, buyers, pool);

    await jobCrashChecks(instances, buyers[0].token, pool);
    await monthEndCrashChecks(instances, pool);
    await portingCrashChecks(instances, pool);

    section("outage: a fourth instance's database goes away for 5 s while clients search and order");
    await outageChecks({
      databaseUrl: url,
      env,
      token: buyers[0].token,
      pool,
      clients: Math.max(2, Math.ceil(CLIENTS / 30)),
      fromPort: ports[INSTANCES - 1] + 1,
    });

    section(`metrics: orders spread over ${INSTANCES} instances, each scraped on its own METRICS_PORT`);
    await perInstanceMetricsChecks(instances, buyers[0].token);
    await workerMetricsChecks(env, metricsPorts[INSTANCES - 1] + 1);

    section("request edges: a fifth instance with short bounds: stalled bodies, uploads, a frozen database");
    await edges(ports[INSTANCES - 1] + 3);

    section("database and logs");
    const violated = await violatedInvariants(async (sql) => (await pool!.query(sql)).rows);
    check(
      "the order and billing invariants hold",
      violated.length === 0,
      violated.map((entry) => `${entry.name}: ${JSON.stringify(entry.rows.slice(0, 3))}`).join("; "),
    );
    const serverErrors = [...statusCounts].filter(([status]) => status >= 500);
    check(
      "no answer was a 5xx",
      serverErrors.length === 0,
      `answers: ${histogram([...statusCounts].flatMap(([status, count]) => Array(count).fill(status)))}`,
    );
    check(
      "every answer matched the OpenAPI document",
      contractFailures.length === 0,
      contractFailures.slice(0, 3).join(" | "),
    );
    checkLogs(instances, secrets);
  } finally {
    await stopAll();
    summarize(started);
  }
}

function summarize(started: number): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const bad = failed();
  console.log(
    `\n${checks.length - bad.length}/${checks.length} checks passed in ${seconds} s${bad.length ? `; FAILED: ${bad.map((entry) => entry.name).join("; ")}` : ""}`,
  );
  process.exitCode = bad.length === 0 ? 0 : 1;
}

/** Exactly the contested numbers sold once each, every 200 an order that exists, nothing else made. */
async function verifyContest(
  pool: Pool,
  label: string,
  plan: Plan,
  outcomes: Outcome[],
  buyers: Buyer[],
  instances: Instance[],
): Promise<void> {
  const unanswered = outcomes.filter((outcome) => outcome.status === 0);
  check(
    `${label}: every request got an answer`,
    unanswered.length === 0,
    unanswered
      .slice(0, 3)
      .map((outcome) => outcome.error)
      .join(" | "),
  );
  const named = outcomes.filter((outcome) => outcome.kind === "named" && outcome.status !== 0);
  const geography = outcomes.filter((outcome) => outcome.kind === "geography");
  console.log(
    `  …  named: ${histogram(named.map((outcome) => outcome.status))}; geography: ${histogram(geography.map((outcome) => outcome.status))}`,
  );
  check(
    `${label}: no 5xx`,
    outcomes.every((outcome) => outcome.status < 500),
  );

  const wins = named.filter((outcome) => outcome.status === 200);
  const losses = named.filter((outcome) => outcome.status !== 200);
  check(
    `${label}: exactly ${plan.named.length} named sales`,
    wins.length === plan.named.length,
    `${wins.length} won`,
  );
  check(
    `${label}: each contested number won once`,
    new Set(wins.map((outcome) => outcome.number)).size === plan.named.length,
  );
  check(
    `${label}: every other attempt is 409 number_unavailable`,
    losses.every((outcome) => outcome.status === 409 && outcome.code === "number_unavailable"),
    histogram(losses.map((outcome) => `${outcome.status}/${outcome.code}`)),
  );
  check(
    `${label}: every geography order is 200`,
    geography.every((outcome) => outcome.status === 200),
    histogram(geography.map((outcome) => outcome.status)),
  );

  const sold = await pool.query<{ number_e164: string; reference_id: string; status: string }>(
    `SELECT n.number_e164, o.reference_id, n.status FROM inventory_number n
     LEFT JOIN order_item i ON i.id = n.order_item_id LEFT JOIN "order" o ON o.id = i.order_id
     WHERE n.number_e164 = ANY($1::text[])`,
    [plan.named],
  );
  const soldTo = new Map(sold.rows.map((row) => [row.number_e164, row.reference_id]));
  check(
    `${label}: in the database each contested number is sold, to the order that was told 200`,
    sold.rows.length === plan.named.length &&
      wins.every(
        (outcome) => outcome.number !== undefined && soldTo.get(outcome.number) === outcome.referenceId,
      ),
  );

  const acknowledged = [
    ...new Set(
      outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.referenceId as string),
    ),
  ];
  const existing = await pool.query<{ reference_id: string }>(
    `SELECT reference_id FROM "order" WHERE reference_id = ANY($1::text[])`,
    [acknowledged],
  );
  check(
    `${label}: every order answered 200 exists (${acknowledged.length})`,
    existing.rows.length === acknowledged.length,
    `${existing.rows.length} found`,
  );
  const made = await pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM "order" WHERE contact_name LIKE $1`,
    [`${label} %`],
  );
  check(
    `${label}: no order was made that no client was told of`,
    made.rows[0].count === acknowledged.length,
    `${made.rows[0].count} in the database`,
  );
  const replayed = outcomes.filter((outcome) => outcome.replayed).length;
  if (replayed > 0)
    console.log(`  …  ${replayed} answers were replays of a request first sent to the killed instance`);

  for (const region of new Set(plan.geographies.map((geography) => geography.region))) {
    const demand = geography
      .filter((outcome) => outcome.region === region && outcome.status === 200)
      .reduce((sum, outcome) => sum + (outcome.quantity ?? 0), 0);
    const stock = plan.geographies.find((entry) => entry.region === region)?.stock ?? 0;
    const ofPhase = `FROM order_item i JOIN "order" o ON o.id = i.order_id WHERE i.region_id = $1 AND o.contact_name LIKE $2`;
    const parameters = [region, `${label} geography %`];
    const assigned = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inventory_number WHERE order_item_id IN (SELECT i.id ${ofPhase})`,
        parameters,
      )
    ).rows[0].n;
    const backordered = (
      await pool.query<{ n: number }>(
        `SELECT coalesce(sum(i.backordered_quantity), 0)::int AS n ${ofPhase}`,
        parameters,
      )
    ).rows[0].n;
    check(
      `${label}: ${region} sold min(stock ${stock}, demand ${demand}) and back-ordered the rest`,
      assigned === Math.min(stock, demand) && assigned + backordered === demand,
      `${assigned} assigned, ${backordered} back-ordered`,
    );
  }

  // A sample of the orders read back through the API, from every instance.
  const sample = geography.filter((outcome) => outcome.status === 200).slice(0, 30);
  const reads = await Promise.all(
    sample.map((outcome, index) =>
      call<{
        data: {
          items: Array<{ quantity: number; assigned_numbers: string[]; backordered_quantity: number }>;
        };
      }>(instances[index % instances.length], "GET", `/orders/${outcome.referenceId}`, {
        token: buyers.find((buyer) => buyer.name === outcome.buyer)?.token,
      }),
    ),
  );
  check(
    `${label}: orders read back add up (assigned + back-ordered = quantity)`,
    reads.every(
      (read) =>
        read.status === 200 &&
        read.body.data.items.every(
          (item) => item.assigned_numbers.length + item.backordered_quantity === item.quantity,
        ),
    ),
  );
}

function checkLogs(instances: Instance[], secrets: string[]): void {
  const lines = instances.flatMap((instance) => instance.output);
  const requestLines = lines.filter((line) => line.includes('"msg":"request"'));
  const unhandled = lines.filter((line) => line.includes('"level":"error"'));
  const leaked = secrets.filter(
    (secret) => secret.length >= 8 && lines.some((line) => line.includes(secret)),
  );
  check(
    `the instances logged ${requestLines.length} JSON request lines`,
    requestLines.length > CLIENTS * 4 && requestLines.every((line) => isJson(line)),
  );
  check("no unhandled error was logged", unhandled.length === 0, unhandled.slice(0, 3).join(" | "));
  check(
    `no token secret, password, cookie or CSRF token in the logs (${secrets.length} looked for)`,
    leaked.length === 0,
    leaked.map((secret) => `${secret.slice(0, 8)}…`).join(", "),
  );
  check(
    "no Authorization or Cookie header in the logs",
    !lines.some((line) => /Bearer |session-token=|csrf-token=/i.test(line)),
  );
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

main()
  .catch((error: unknown) => {
    console.error(
      `cluster suite failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => {
    // Undici keeps idle sockets to the stopped instances open for a while.
    setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
  });
