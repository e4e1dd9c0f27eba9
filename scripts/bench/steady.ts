// Latency at a steady offered load: an open-loop generator that sends one request every
// 1/rate seconds whatever the answers do, and times each answer from the moment its request
// was due (so a slow answer that delays later sends is charged to them: no coordinated
// omission). autocannon's -R is not this: each connection sends back to back until it has
// made its share of the second, then waits for the next second, so a "200 req/s" run is a
// burst at full concurrency at the top of every second, and its p50 is queueing in the burst.
import http from "node:http";
import type { LoadResult } from "@/scripts/bench/load";

export type SteadyOptions = {
  url: string;
  headers?: Record<string, string>;
  /** Requests per second, sent at even intervals. */
  rate: number;
  durationSeconds: number;
  warmupSeconds: number;
};

/** One answer of a steady run: its latency from when it was due, and its Server-Timing marks (ms). */
export type SteadySample = { latency: number; marks: Record<string, number> };

export type SteadyResult = LoadResult & { samples: SteadySample[] };

/** The marks of a Server-Timing header (`name;dur=ms, …`); empty when the server sent none. */
function parseServerTiming(header: string | string[] | undefined): Record<string, number> {
  const marks: Record<string, number> = {};
  for (const part of String(header ?? "").split(",")) {
    const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (match) marks[match[1]] = Number(match[2]);
  }
  return marks;
}

/** The percentile `p` (0–1) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function openLoop(options: SteadyOptions, seconds: number): Promise<SteadyResult> {
  // Enough sockets that the client is never the queue below saturation; beyond them requests
  // wait in the agent, and that wait counts, as it would for a real client.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const interval = 1000 / options.rate;
  const total = Math.max(1, Math.round(options.rate * seconds));
  const samples: SteadySample[] = [];
  const statuses: Record<string, number> = {};
  let socketErrors = 0;
  let done = 0;
  let sent = 0;
  const start = performance.now();

  return new Promise((resolve) => {
    const settle = () => {
      if (++done < total) return;
      agent.destroy();
      const elapsedSeconds = (performance.now() - start) / 1000;
      const latencies = samples.map((sample) => sample.latency).sort((a, b) => a - b);
      const requests = latencies.length;
      const ok = Object.entries(statuses).reduce(
        (sum, [status, count]) => (status.startsWith("2") ? sum + count : sum),
        0,
      );
      const fiveHundreds = Object.entries(statuses).reduce(
        (sum, [status, count]) => (status.startsWith("5") ? sum + count : sum),
        0,
      );
      resolve({
        requests,
        requestsPerSecond: requests / elapsedSeconds,
        okPerSecond: ok / elapsedSeconds,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        statuses,
        socketErrors,
        fiveHundreds,
        cpuMsPerRequest: {},
        samples,
      });
    };
    const send = (due: number) => {
      const request = http.request(options.url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          samples.push({
            latency: performance.now() - due,
            marks: parseServerTiming(response.headers["server-timing"]),
          });
          const status = String(response.statusCode ?? 0);
          statuses[status] = (statuses[status] ?? 0) + 1;
          settle();
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        socketErrors++;
        settle();
      });
      request.end();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(start + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}

/** Latency at `rate` requests/s for `durationSeconds`, after a warm-up at the same rate. */
export async function measureSteady(options: SteadyOptions): Promise<SteadyResult> {
  if (options.warmupSeconds > 0) await openLoop(options, options.warmupSeconds);
  return openLoop(options, options.durationSeconds);
}

/**
 * Where the slowest 1 % of a steady run's answers spent their time, from the server's
 * Server-Timing marks (SERVER_TIMING=1, lib/server-timing.ts): how many of them waited ≥ 5 ms
 * for a shared total's recount, for a pooled connection, for the rate limiter, or were
 * paused ≥ 5 ms by the garbage collector; and the medians of those waits and of the time
 * spent outside the route's handler (Next, the event loop's queue, the sockets, the client).
 */
export function tailBreakdown(samples: SteadySample[]): {
  slowest: number;
  thresholdMs: number;
  waited: Record<string, number>;
  medianMs: Record<string, number>;
} {
  const sorted = [...samples].sort((a, b) => b.latency - a.latency);
  const slowest = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 100)));
  const parts = ["count", "pool", "ratelimit", "auth", "gc", "handler", "outside"];
  const valueOf = (sample: SteadySample, part: string) =>
    part === "outside" ? sample.latency - (sample.marks.total ?? 0) : (sample.marks[part] ?? 0);
  const waited: Record<string, number> = {};
  const medianMs: Record<string, number> = {};
  for (const part of parts) {
    const values = slowest.map((sample) => valueOf(sample, part)).sort((a, b) => a - b);
    waited[part] = values.filter((value) => value >= 5).length;
    medianMs[part] = percentile(values, 0.5);
  }
  return { slowest: slowest.length, thresholdMs: slowest.at(-1)?.latency ?? Number.NaN, waited, medianMs };
}
