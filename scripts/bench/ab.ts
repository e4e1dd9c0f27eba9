// npm run bench:ab -- --dirs <built work tree A>,<built work tree B> [--servers next|custom,next|custom]
//   [--shapes health,orders_region] [--rounds 6] [--duration 4] [--connections 4,64]
//   [--env-a KEY=VALUE,…] [--env-b KEY=VALUE,…]
//
// Which of two builds costs the app more CPU a request, on a machine others are loading: both
// are served at once (ports BENCH_PORT and BENCH_PORT + 1), and each shape is driven at one,
// then at the other, in short alternating rounds, so that a change of the machine's load
// between rounds weighs on both alike. Prints each build's server CPU ms a request (its process
// tree, from /proc) per shape, summed over the rounds, and B's over A's round by round.
// `--servers` says how each is served: `next` (`next start`, the default) or `custom`, the tree's
// .next/portal-server.mjs (what `npm start` execs, with its environment), so that one tree can
// also be measured against itself served both ways; `custom=<file>` serves a server bundle made
// beforehand (a variant of scripts/server.ts) with the tree's build. `--env-a` and `--env-b` give
// one side settings of its own (the same tree with LOG_LEVEL=warn, say: what its log costs). Neither prepares the database, so a tree
// whose migrations the bench database lacks (or has more of) can still be measured.
import path from "node:path";
import { availableNumbers, createBenchToken, returnBenchPurchases } from "@/scripts/bench/bench-org";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import { measure, type LoadOptions } from "@/scripts/bench/load";
import {
  startApp,
  startCustomServer,
  stopServer,
  treeCpuSeconds,
  waitUntilReady,
  type Server,
} from "@/scripts/bench/processes";
import { fixed, table } from "@/scripts/bench/report";

const log = (line: string) => console.error(`[ab] ${line}`);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3104);
// The in-process worker polls its queues whatever the load: its bursts are no request's cost,
// and in rounds this short they would land on whichever round they fall in.
const QUIET = { WEBHOOKS_WORKER: "off" };

function option(argv: string[], name: string, fallback: string): string {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return fallback;
  return argv[index].includes("=") ? argv[index].split("=")[1] : argv[index + 1];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dirs = option(argv, "--dirs", "")
    .split(",")
    .filter(Boolean)
    .map((dir) => path.resolve(dir));
  if (dirs.length !== 2) throw new Error("--dirs A,B: two work trees, each built (next build)");
  const kinds = option(argv, "--servers", "next,next").split(",");
  if (kinds.length !== 2 || kinds.some((kind) => kind !== "next" && !/^custom(=.+)?$/.test(kind)))
    throw new Error("--servers A,B: each next, custom or custom=<a server bundle made beforehand>");
  const shapes = option(argv, "--shapes", "health,orders_region").split(",");
  const rounds = Number(option(argv, "--rounds", "6"));
  const envOf = (value: string): Record<string, string> =>
    Object.fromEntries(
      value
        .split(",")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
  const envs = [envOf(option(argv, "--env-a", "")), envOf(option(argv, "--env-b", ""))];
  const durationSeconds = Number(option(argv, "--duration", "4"));
  // Several counts: each shape is measured at each, as a shape of its own (`orders_region@64`).
  const connectionCounts = option(argv, "--connections", "16").split(",").map(Number);
  const variants = shapes.flatMap((shape) =>
    connectionCounts.map((connections) => ({
      shape,
      connections,
      label: connectionCounts.length > 1 ? `${shape}@${connections}` : shape,
    })),
  );

  const databaseUrl = await ensureBenchDatabase(BENCH_DATABASES.million, log);
  const token = await createBenchToken(databaseUrl);
  const headers = { authorization: `Bearer ${token}` };
  const servers: Server[] = [];
  const cpu = new Map<string, { ms: number; requests: number; perRound: number[] }>();
  try {
    // Started within the try: one that fails to start must not leave the other running.
    for (const [index, dir] of dirs.entries()) {
      const port = FIRST_PORT + index;
      servers.push(
        kinds[index].startsWith("custom")
          ? startCustomServer(dir, {
              databaseUrl,
              port,
              bundle: kinds[index].split("=")[1],
              env: { ...QUIET, ...envs[index] },
              stdoutFile: `/tmp/numbers-bench-ab-${port}.log`,
            })
          : startApp(dir, {
              databaseUrl,
              port,
              poolSize: 10,
              stdoutFile: `/tmp/numbers-bench-ab-${port}.log`,
              env: { ...QUIET, ...envs[index] },
            }),
      );
    }
    for (const server of servers) await waitUntilReady(server, "/api/v2/countries", headers, 300_000);
    const named = await availableNumbers(databaseUrl, "US-CA-LOS_ANGELES-213", 2_000);
    const loadFor = (server: Server, shape: string, connections: number): LoadOptions => {
      const api = `${server.url}/api/v2`;
      const common = { connections, durationSeconds, warmupSeconds: 1, headers };
      const order = (item: object) => ({
        ...common,
        url: `${api}/order`,
        method: "POST" as const,
        headers: { ...headers, "content-type": "application/json" },
        body: () => JSON.stringify({ contact_name: "Bench", items: [item] }),
      });
      if (shape === "health") return { ...common, url: `${server.url}/api/health` };
      if (shape === "countries") return { ...common, url: `${api}/countries` };
      if (shape === "orders_region")
        return order({ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity: 1 });
      if (shape === "orders") return order({ number_e164: named[Math.floor(Math.random() * named.length)] });
      throw new Error(`unknown shape ${shape}`);
    };
    for (let round = 1; round <= rounds; round++) {
      // A, B in odd rounds and B, A in even ones: neither always goes first.
      const order = round % 2 === 1 ? [0, 1] : [1, 0];
      for (const { shape, connections, label } of variants) {
        for (const index of order) {
          const server = servers[index];
          const result = await measure({
            ...loadFor(server, shape, connections),
            cpu: { app: () => treeCpuSeconds(server.process.pid!) },
          });
          const key = `${label} ${index}`;
          const entry = cpu.get(key) ?? { ms: 0, requests: 0, perRound: [] };
          entry.ms += result.cpuMsPerRequest.app * result.requests;
          entry.requests += result.requests;
          entry.perRound.push(result.cpuMsPerRequest.app);
          cpu.set(key, entry);
          log(
            `round ${round} ${label} ${index === 0 ? "A" : "B"}: ${fixed(result.requestsPerSecond)} req/s, ${fixed(result.cpuMsPerRequest.app, 2)} ms CPU a request, statuses ${JSON.stringify(result.statuses)}`,
          );
        }
      }
    }
  } finally {
    for (const server of servers) await stopServer(server);
    if (shapes.some((shape) => shape.startsWith("orders"))) await returnBenchPurchases(databaseUrl);
  }
  const perRequest = (label: string, index: number) => {
    const entry = cpu.get(`${label} ${index}`)!;
    return entry.ms / Math.max(1, entry.requests);
  };
  const served = (kind: string) =>
    kind === "next"
      ? "next start"
      : kind === "custom"
        ? "the custom server"
        : `the custom server ${kind.split("=")[1]}`;
  const settings = (env: Record<string, string>) =>
    Object.keys(env).length === 0
      ? ""
      : `, ${Object.entries(env)
          .map(([key, value]) => `${key}=${value}`)
          .join(" ")}`;
  console.log(
    `A: ${dirs[0]} (${served(kinds[0])}${settings(envs[0])})\nB: ${dirs[1]} (${served(kinds[1])}${settings(envs[1])})\n${rounds} rounds of ${durationSeconds} s per shape and build; connections: ${connectionCounts.join(", ")}\n`,
  );
  console.log(
    table(
      ["shape", "A ms CPU/request", "B ms CPU/request", "B − A", "B / A by round"],
      variants.map(({ label }) => {
        const a = cpu.get(`${label} 0`)!.perRound;
        const b = cpu.get(`${label} 1`)!.perRound;
        return [
          label,
          fixed(perRequest(label, 0), 2),
          fixed(perRequest(label, 1), 2),
          fixed(perRequest(label, 1) - perRequest(label, 0), 2),
          b.map((value, round) => fixed(value / a[round], 2)).join(" "),
        ];
      }),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
