// npm run soak — mixed load on one `next start` for a while (default 10 minutes), then the
// error count and the server's resident memory at the start and at the end (growth < 10%).
//
//   SOAK_SECONDS=600 (or --seconds N)   how long the load runs
//   SOAK_CONCURRENCY=8                  clients at once
//   SOAK_DATABASE=pglite|postgres       a fresh embedded database in a temp dir (the default,
//                                       as `npm start` runs), or a fresh database on PG_TEST_URL
//   SOAK_NUMBERS=20000                  inventory numbers seeded
//   SOAK_PORT=3450
//
// Memory is the resident set of the server process (and any child). "Start" is measured after
// a warm-up (a quarter of the run, 10 to 120 s), once every route is loaded and the heap has
// grown to its working size; the figure right after start-up and the curve every 30 s are
// printed too. Exits 1 on any error or on 10% growth or more.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { connectPostgres, wrapPglite, type Database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/pglite";
import { applyMigrations } from "@/lib/db/migrate";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";
import { demoUsers } from "@/prisma/seed/fixtures";
import { ensureBuild, freePorts, Instance } from "@/scripts/cluster/servers";
import { databaseUrl, quoteIdent, uniqueDatabaseName, withAdminClient } from "@/tests/test-database";

function option(flag: string, variable: string, fallback: number): number {
  const index = process.argv.indexOf(flag);
  const raw = index >= 0 ? process.argv[index + 1] : process.env[variable];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`${variable} (${flag}) must be a whole number of at least 1, got ${raw}`);
  return Number(raw);
}

const SECONDS = option("--seconds", "SOAK_SECONDS", 600);
const CONCURRENCY = option("--concurrency", "SOAK_CONCURRENCY", 8);
const NUMBERS = option("--numbers", "SOAK_NUMBERS", 20_000);
const DATABASE = process.env.SOAK_DATABASE === "postgres" ? "postgres" : "pglite";
// V8 sizes its heap and Next fills its caches over the first minute or two of load (the RSS
// then stays flat on PostgreSQL); growth is measured from there, so a leak is what it shows.
const WARM_UP_S = Math.min(120, Math.max(10, Math.round(SECONDS / 4)));
const MB = 1024 * 1024;

type Tokens = { acme: string; globex: string };

async function prepare(db: Database): Promise<Tokens> {
  await applyMigrations(db.sql);
  await seedDatabase(db, { numbers: NUMBERS, log: () => {} });
  const make = async (organizationId: string, userId: string) =>
    (await createApiToken(db.prisma, { organizationId, userId, name: "soak", scopes })).secret;
  return {
    acme: await make("org_acme", "usr_acme_customer"),
    globex: await make("org_globex", "usr_globex_customer"),
  };
}

// ---------------------------------------------------------------- the load

type Operation = { weight: number; run: (context: LoadContext) => Promise<void> };
type LoadContext = {
  base: string;
  tokens: Tokens;
  cookie: string;
  expect: (label: string, response: Response, allowed: number[]) => Promise<unknown>;
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const inventoryQueries = [
  "GB/local?region=GB-ENG-LONDON-20&limit=20",
  "GB?contains=20&limit=50",
  "US/toll_free?limit=100&offset=100",
  "DE/mobile?sms_enabled=true",
  "FR?exclude_all_documents_required=true&limit=10",
  "US/local?starts_with=212",
];
const ownNumbers = {
  acme: ["num_acme_main", "num_acme_berlin", "num_acme_new_york"],
  globex: ["num_globex_hq", "num_globex_paris"],
};

const operations: Operation[] = [
  {
    weight: 10,
    run: async ({ base, tokens, expect }) => {
      const path = pick([
        "/countries",
        "/number_types",
        "/document_types",
        "/regions/GB",
        "/regions/us",
        "/destinations/US/local",
        "/destinations/GB/mobile",
      ]);
      await expect(
        `GET ${path}`,
        await fetch(`${base}/api/v2${path}`, { headers: auth(tokens.acme) }),
        [200],
      );
    },
  },
  {
    weight: 25,
    run: async ({ base, tokens, expect }) => {
      const query = pick(inventoryQueries);
      await expect(
        `GET /inventory/${query}`,
        await fetch(`${base}/api/v2/inventory/${query}`, {
          headers: auth(pick([tokens.acme, tokens.globex])),
        }),
        [200],
      );
    },
  },
  {
    weight: 10,
    run: async ({ base, tokens, expect }) => {
      const path = pick([
        "/products/GB",
        "/products/US/toll_free",
        "/products/GB/local/GB-ENG-LONDON-20",
        "/products/DE",
      ]);
      await expect(
        `GET ${path}`,
        await fetch(`${base}/api/v2${path}`, { headers: auth(tokens.globex) }),
        [200],
      );
    },
  },
  {
    weight: 15,
    run: async ({ base, tokens, expect }) => {
      const org = pick(["acme", "globex"] as const);
      const path = pick([
        "/numbers",
        "/numbers?name=office",
        "/extension/101",
        `/numbers/${pick(ownNumbers[org])}/active_rule?at=2026-03-08T07:30:00Z`,
        `/numbers/${pick(ownNumbers[org])}/active_rule`,
      ]);
      await expect(
        `GET ${path}`,
        await fetch(`${base}/api/v2${path}`, { headers: auth(tokens[org]) }),
        [200],
      );
    },
  },
  {
    weight: 10,
    run: async ({ base, tokens, expect }) => {
      const list = (await expect(
        "GET /orders",
        await fetch(`${base}/api/v2/orders?limit=10`, { headers: auth(tokens.acme) }),
        [200],
      )) as { data?: Array<{ reference_id: string }> };
      const first = list?.data?.[0]?.reference_id;
      if (first)
        await expect(
          "GET /orders/{id}",
          await fetch(`${base}/api/v2/orders/${first}`, { headers: auth(tokens.acme) }),
          [200],
        );
    },
  },
  {
    weight: 5,
    run: async ({ base, tokens, expect }) => {
      const token = pick([tokens.acme, tokens.globex]);
      const found = (await expect(
        "GET /inventory (to buy)",
        await fetch(`${base}/api/v2/inventory/GB/mobile?limit=5&offset=${Math.floor(Math.random() * 20)}`, {
          headers: auth(token),
        }),
        [200],
      )) as Array<{ number_e164: string }>;
      const named =
        Array.isArray(found) && found.length > 0 ? [{ number_e164: pick(found).number_e164 }] : [];
      const items =
        Math.random() < 0.5 && named.length > 0
          ? named
          : [
              {
                country: pick(["GB", "US"]),
                number_type: "toll_free",
                quantity: 1 + Math.floor(Math.random() * 2),
              },
            ];
      const key = Math.random() < 0.2 ? `soak-${Math.floor(Math.random() * 50)}` : null;
      const headers = {
        ...auth(token),
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      };
      // 409: a concurrent client bought the number first, or the key was used with another body.
      await expect(
        "POST /order",
        await fetch(`${base}/api/v2/order`, {
          method: "POST",
          headers,
          body: JSON.stringify({ contact_name: "Soak", items }),
        }),
        [200, 409],
      );
    },
  },
  {
    weight: 10,
    run: async ({ base, tokens, expect }) => {
      const [label, url, init, status] = pick([
        ["bad limit", `/inventory/GB?limit=5000`, { headers: auth(tokens.acme) }, 400],
        ["unknown country", `/regions/ZZ`, { headers: auth(tokens.acme) }, 400],
        ["bad token", `/countries`, { headers: auth("npk_not_a_real_token_000000000000000000000") }, 401],
        ["no token", `/orders`, {}, 401],
        ["unknown order", `/orders/ORD-AAAAAAAAAA`, { headers: auth(tokens.globex) }, 404],
        [
          "another organization's number",
          `/numbers/num_globex_hq/active_rule`,
          { headers: auth(tokens.acme) },
          404,
        ],
        ["unknown path", `/nothing/here`, { headers: auth(tokens.acme) }, 404],
        [
          "bad JSON",
          `/order`,
          {
            method: "POST",
            headers: { ...auth(tokens.acme), "content-type": "application/json" },
            body: "{",
          },
          400,
        ],
      ] as const);
      await expect(label, await fetch(`${base}/api/v2${url}`, init as RequestInit), [status]);
    },
  },
  {
    weight: 5,
    run: async ({ base, cookie, expect }) => {
      const page = pick(["/inventory", "/orders", "/numbers", "/products"]);
      await expect(
        `page ${page}`,
        await fetch(`${base}${page}`, { headers: { cookie }, redirect: "manual" }),
        [200],
      );
    },
  },
  {
    weight: 2,
    run: async ({ base, expect }) => {
      await expect("GET /openapi.json", await fetch(`${base}/api/v2/openapi.json`), [200]);
    },
  },
];

const totalWeight = operations.reduce((sum, operation) => sum + operation.weight, 0);
function pickOperation(): Operation {
  let roll = Math.random() * totalWeight;
  for (const operation of operations) if ((roll -= operation.weight) < 0) return operation;
  return operations[0];
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  await ensureBuild((line) => console.log(line));
  const sessionSecret = randomBytes(32).toString("base64url");
  const env: Record<string, string> = {
    LOG_LEVEL: "info",
    NEXTAUTH_SECRET: sessionSecret,
    // Memory and errors are under test, not the rate limit.
    RATE_LIMIT_DEFAULT_PER_MINUTE: "100000000",
    RATE_LIMIT_ORDERS_PER_MINUTE: "100000000",
    // Nor the credit limit: a new billing account gets one no order of the soak reaches.
    BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
  };
  const cleanups: Array<() => Promise<void> | void> = [];
  let tokens: Tokens;
  console.log(`Preparing a fresh ${DATABASE} database with ${NUMBERS.toLocaleString("en")} numbers…`);
  if (DATABASE === "postgres") {
    const name = uniqueDatabaseName("numbers_soak");
    await withAdminClient((client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    cleanups.push(() =>
      withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ).then(() => undefined),
    );
    const db = await connectPostgres(databaseUrl(name), 4);
    tokens = await prepare(db);
    await db.close();
    env.DATABASE_URL = databaseUrl(name);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "numbers-soak-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, "pglite");
    const db = wrapPglite(await openPglite(dataDir));
    tokens = await prepare(db);
    await db.close();
    env.PGLITE_DATA_DIR = dataDir;
  }

  const [port] = await freePorts(1, Number(process.env.SOAK_PORT ?? 3450));
  const server = new Instance("soak", port, env);
  cleanups.unshift(() => server.stop());
  try {
    await server.start();
    const startRss = server.residentBytes();
    const { id, email, name, role, organizationId } = demoUsers.acmeCustomer;
    const cookie = `next-auth.session-token=${await encode({ token: { sub: id, email, name, role, organizationId }, secret: sessionSecret })}`;
    console.log(
      `Server pid ${server.pid} on ${server.url}; ${SECONDS} s of load from ${CONCURRENCY} clients (warm-up ${WARM_UP_S} s).`,
    );

    const statuses = new Map<string, number>();
    const errors: string[] = [];
    const durations: number[] = [];
    const expect: LoadContext["expect"] = async (label, response, allowed) => {
      const text = await response.text();
      statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
      if (!allowed.includes(response.status))
        errors.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    };
    const context: LoadContext = { base: server.url, tokens, cookie, expect };

    const startedAt = performance.now();
    const deadline = startedAt + SECONDS * 1000;
    const samples: Array<{ at: number; rss: number }> = [];
    const sampler = setInterval(() => {
      const rss = server.residentBytes();
      samples.push({ at: (performance.now() - startedAt) / 1000, rss });
      if (samples.length % 6 === 0)
        console.log(
          `  ${Math.round(samples.at(-1)?.at ?? 0)} s: ${durations.length} requests, ${errors.length} errors, RSS ${(rss / MB).toFixed(0)} MB`,
        );
    }, 5_000);

    const worker = async () => {
      while (performance.now() < deadline) {
        const began = performance.now();
        try {
          await pickOperation().run(context);
        } catch (error) {
          statuses.set("network", (statuses.get("network") ?? 0) + 1);
          errors.push(`network: ${error instanceof Error ? error.message : String(error)}`);
        }
        durations.push(performance.now() - began);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    clearInterval(sampler);

    const endRss = server.residentBytes();
    const baseline = samples.find((sample) => sample.at >= WARM_UP_S)?.rss ?? samples[0]?.rss ?? startRss;
    const peak = Math.max(...samples.map((sample) => sample.rss), endRss);
    const growth = (endRss - baseline) / baseline;
    const logErrors = server.output.filter((line) => line.includes('"level":"error"'));
    durations.sort((a, b) => a - b);
    const percentile = (p: number) =>
      durations[Math.min(durations.length - 1, Math.floor((durations.length * p) / 100))]?.toFixed(0);

    console.log("");
    console.log(`Soak: ${SECONDS} s, ${CONCURRENCY} clients, ${DATABASE}`);
    console.log(
      `  operations:        ${durations.length} (${(durations.length / SECONDS).toFixed(1)}/s), latency p50 ${percentile(50)} ms, p95 ${percentile(95)} ms, p99 ${percentile(99)} ms`,
    );
    console.log(
      `  answers:           ${[...statuses]
        .sort()
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
    );
    console.log(
      `  errors:            ${errors.length} (unexpected status, 5xx or network), ${logErrors.length} error lines in the server log`,
    );
    for (const error of [...errors, ...logErrors].slice(0, 10)) console.log(`    ${error}`);
    console.log(`  RSS after start-up: ${(startRss / MB).toFixed(1)} MB`);
    console.log(`  RSS at start:       ${(baseline / MB).toFixed(1)} MB (after the ${WARM_UP_S} s warm-up)`);
    console.log(`  RSS at end:         ${(endRss / MB).toFixed(1)} MB (peak ${(peak / MB).toFixed(1)} MB)`);
    console.log(`  growth:             ${(growth * 100).toFixed(1)}% (limit 10%)`);
    const ok = errors.length === 0 && logErrors.length === 0 && growth < 0.1;
    console.log(ok ? "PASS" : "FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

main()
  .catch((error: unknown) => {
    console.error(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref());
