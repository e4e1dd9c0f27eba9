// npm run bench:observability – what metrics and tracing cost a request, in one run:
// 1. in process: the route-template lookup and histogram update each request pays (metrics are
//    always on), against the CPU a request costs the server in the runs below;
// 2. over HTTP: two instances of the custom server (`node .next/portal-server.mjs`, metrics on)
//    on one PostgreSQL database, tracing off and tracing on (spans to an OTLP sink in this
//    process), loaded in turn (off, on, off, on) with the same inventory search, so that the
//    machine's drift falls on both alike. The ratios are the result; absolute numbers depend on
//    how busy the machine is. Needs a build (`npm run build`).
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { bundleServer, serverBundle } from "@/scripts/bundle-server";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import { createBenchToken } from "@/scripts/bench/bench-org";
import { measure, type LoadResult } from "@/scripts/bench/load";
import { cpuSeconds, projectRoot, startChild, stopServer, waitUntilReady } from "@/scripts/bench/processes";
import { fixed, ms, table } from "@/scripts/bench/report";
import { observeRequest } from "@/lib/observability/metrics";
import { routeTemplates } from "@/lib/observability/route-templates";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3290" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const log = (line: string) => console.log(line);

/** Nanoseconds per request of what metrics add on the hot path: the label lookup and the observe. */
function metricsHotPath(): number {
  const routeOf = routeTemplates([
    "/api/v2/inventory/[country]",
    "/api/v2/numbers/[number_id]",
    "/api/v2/order",
    "/numbers/[number_id]",
    "/api/v2/[...path]",
  ]);
  const paths = ["/api/v2/inventory/US", "/api/v2/order", "/api/v2/numbers/num_1", "/nowhere"];
  const rounds = 1_000_000;
  for (let i = 0; i < 10_000; i++) observeRequest(routeOf(paths[i % 4]), "GET", 200, 0.01);
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) observeRequest(routeOf(paths[i % 4]), "GET", 200, 0.01);
  return Number(process.hrtime.bigint() - started) / rounds;
}

async function otlpSink(): Promise<{ url: string; close: () => void; spans: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.on("data", (chunk: Buffer) => (received += chunk.length));
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
    spans: () => received,
  };
}

async function main() {
  const hotPathNs = metricsHotPath();
  log(`metrics hot path: ${fixed(hotPathNs)} ns per request (route template + histogram observe)`);
  const url = await ensureBenchDatabase(BENCH_DATABASES.tenThousand, log);
  const token = await createBenchToken(url);
  await bundleServer();
  const sink = await otlpSink();
  const env = (extra: Record<string, string>) => ({
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: url,
    DB_POOL_SIZE: "10",
    LOG_LEVEL: "info",
    RATE_LIMIT_DEFAULT_PER_MINUTE: "100000000",
    WEBHOOKS_WORKER: "off",
    ...extra,
  });
  const variants = [
    { name: "tracing off", extra: {} as Record<string, string> },
    { name: "tracing on", extra: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } },
  ].map((variant, index) => {
    const serverPort = port + index;
    const server = startChild(
      `${variant.name} :${serverPort}`,
      process.execPath,
      [serverBundle, "-p", String(serverPort), "-H", "127.0.0.1"],
      projectRoot,
      env({ ...variant.extra, PORT: String(serverPort) }),
      `http://127.0.0.1:${serverPort}`,
      path.join(os.tmpdir(), `numbers-bench-observability-${serverPort}.log`),
    );
    return { ...variant, server, results: [] as LoadResult[] };
  });
  try {
    const headers = { authorization: `Bearer ${token}` };
    for (const variant of variants)
      await waitUntilReady(variant.server, "/api/v2/countries", headers, 300_000);
    for (let round = 0; round < 2; round++)
      for (const variant of variants) {
        const pid = variant.server.process.pid!;
        const result = await measure({
          url: `${variant.server.url}/api/v2/inventory/US?limit=20`,
          connections,
          durationSeconds: seconds,
          warmupSeconds: round === 0 ? 3 : 1,
          headers,
          cpu: { server: () => cpuSeconds([pid]) },
        });
        variant.results.push(result);
        log(`${variant.name}, round ${round + 1}: ${fixed(result.requestsPerSecond)} req/s`);
      }
    const sum = (results: LoadResult[], pick: (result: LoadResult) => number) =>
      results.reduce((total, result) => total + pick(result), 0) / results.length;
    const rows = variants.map((variant) => ({
      name: variant.name,
      rps: sum(variant.results, (result) => result.requestsPerSecond),
      p50: sum(variant.results, (result) => result.p50),
      p99: sum(variant.results, (result) => result.p99),
      cpu: sum(variant.results, (result) => result.cpuMsPerRequest.server),
      errors: sum(variant.results, (result) => result.fiveHundreds + result.socketErrors),
    }));
    const [off, on] = rows;
    log("");
    log(
      table(
        ["GET /api/v2/inventory/US?limit=20", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "5xx+errors"],
        rows.map((row) => [
          row.name,
          fixed(row.rps),
          ms(row.p50),
          ms(row.p99),
          ms(row.cpu),
          fixed(row.errors),
        ]),
      ),
    );
    log("");
    log(
      `metrics (always on): ${fixed(hotPathNs)} ns of ${ms(off.cpu)} ms CPU per request = ${fixed((100 * hotPathNs) / (off.cpu * 1e6), 3)} %`,
    );
    log(
      `tracing on / off: req/s ×${fixed(on.rps / off.rps, 2)}, CPU per request ×${fixed(on.cpu / off.cpu, 2)}, p99 ×${fixed(on.p99 / off.p99, 2)}; ${sink.spans()} bytes of spans received`,
    );
  } finally {
    for (const variant of variants) await stopServer(variant.server);
    sink.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
