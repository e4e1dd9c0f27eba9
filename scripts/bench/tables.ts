// The benchmark's tables: the closed-loop rows against the floor and the baseline, latency at
// a steady offered load, and search time by inventory size.
import type { LoadResult } from "@/scripts/bench/load";
import { fixed, ms, table } from "@/scripts/bench/report";

/** The first row: what Next costs for a route that does nothing; every row is read against it. */
export const FLOOR_LABEL = "GET /api/health (floor)";
export const STEADY_RATES = [100, 200, 400];

export type SteadyRow = { label: string; results: LoadResult[] };
export type ScalingRow = { label: string; p50: number[]; p99: number[] };
export type Row = {
  label: string;
  app: LoadResult;
  baseline?: LoadResult;
  expected?: number[];
  note?: string;
};

function errorsOf(result: LoadResult, expected: number[] = []): number {
  const unexpected = Object.entries(result.statuses).reduce(
    (sum, [status, count]) =>
      status.startsWith("2") || expected.includes(Number(status)) ? sum : sum + count,
    0,
  );
  return unexpected + result.socketErrors;
}

const cpu = (result: LoadResult) =>
  `${ms(result.cpuMsPerRequest.server)} + ${ms(result.cpuMsPerRequest.postgres)}`;
const cpuTotal = (result: LoadResult) => result.cpuMsPerRequest.server + result.cpuMsPerRequest.postgres;

/** The closed-loop rows, each with its server CPU above the floor row's and against its baseline. */
export function benchTable(rows: Row[]): string {
  const floor = rows.find((row) => row.label === FLOOR_LABEL)?.app;
  return table(
    [
      "endpoint",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "CPU ms/req",
      "app CPU above floor",
      "baseline req/s",
      "baseline p50",
      "baseline p99",
      "baseline CPU ms/req",
      "app/baseline req/s",
      "app/baseline CPU",
    ],
    rows.map((row) => [
      row.label,
      fixed(row.app.requestsPerSecond),
      ms(row.app.p50),
      ms(row.app.p99),
      String(errorsOf(row.app, row.expected)),
      cpu(row.app),
      row.label === FLOOR_LABEL || !floor
        ? ""
        : ms(row.app.cpuMsPerRequest.server - floor.cpuMsPerRequest.server),
      row.baseline ? fixed(row.baseline.requestsPerSecond) : "",
      row.baseline ? ms(row.baseline.p50) : "",
      row.baseline ? ms(row.baseline.p99) : "",
      row.baseline ? cpu(row.baseline) : "",
      row.baseline ? `${fixed((100 * row.app.requestsPerSecond) / row.baseline.requestsPerSecond)} %` : "",
      row.baseline ? `${fixed((100 * cpuTotal(row.baseline)) / cpuTotal(row.app))} %` : "",
    ]),
  );
}

export function steadyTable(rows: SteadyRow[]): string[] {
  return [
    "Latency at a steady offered load (open loop: one request every 1/rate s, each timed from when it was due): p50 / p99 ms, and the rate achieved",
    "",
    table(
      ["endpoint", ...STEADY_RATES.map((rate) => `${rate} req/s`)],
      rows.map((row) => [
        row.label,
        ...row.results.map(
          (result) => `${ms(result.p50)} / ${ms(result.p99)} (${fixed(result.requestsPerSecond)}/s)`,
        ),
      ]),
    ),
  ];
}

export function scalingTable(rows: ScalingRow[]): string[] {
  return [
    "Inventory search by inventory size: the same app, one connection (service time, no queueing), p50 (p99) in ms",
    "",
    table(
      ["inventory search", "10,000", "100,000", "1,000,000", "p50 1M / 10k"],
      rows.map((row) => [
        row.label,
        ...row.p50.map((value, index) => `${ms(value)} (${ms(row.p99[index])})`),
        `${(row.p50[2] / row.p50[0]).toFixed(1)}×`,
      ]),
    ),
  ];
}
