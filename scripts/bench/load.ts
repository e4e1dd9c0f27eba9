// One measured load: autocannon on loopback for a fixed time, after a short warm-up.
import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A new body for each request (orders); absent: the same request every time. */
  body?: () => string;
  /** Headers of each request, over `headers` (a token of one organization or another in turn). */
  requestHeaders?: () => Record<string, string>;
  /** Cumulative CPU seconds of processes to charge to the requests (read before and after the measured run). */
  cpu?: Record<string, () => Promise<number> | number>;
};

export type LoadResult = {
  requests: number;
  requestsPerSecond: number;
  /** Responses with a 2xx status, per second. */
  okPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** Socket errors and timeouts (no response at all). */
  socketErrors: number;
  fiveHundreds: number;
  /** CPU milliseconds per request of each process group in `cpu`: load-independent cost. */
  cpuMsPerRequest: Record<string, number>;
};

async function readCpu(probes: LoadOptions["cpu"] = {}): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const [name, probe] of Object.entries(probes)) values[name] = await probe();
  return values;
}

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const { body, requestHeaders } = options;
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        method: options.method ?? "GET",
        headers: options.headers,
        timeout: 30,
        // Latency of every answer, not only the 2xx ones (a 409 is an answer too).
        ...({ includeErrorStats: true } as object),
        requests:
          body || requestHeaders
            ? [
                {
                  setupRequest: (request) => ({
                    ...request,
                    ...(body ? { body: body() } : {}),
                    ...(requestHeaders ? { headers: { ...request.headers, ...requestHeaders() } } : {}),
                  }),
                },
              ]
            : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  const cpuBefore = await readCpu(options.cpu);
  const result = await run(options, options.durationSeconds);
  const cpuAfter = await readCpu(options.cpu);
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = stats.count ?? 0;
  const ok = Object.entries(statuses).reduce(
    (sum, [status, count]) => (status.startsWith("2") ? sum + count : sum),
    0,
  );
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    requests,
    requestsPerSecond: requests / result.duration,
    okPerSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    socketErrors: result.errors,
    fiveHundreds: result["5xx"],
    cpuMsPerRequest: Object.fromEntries(
      Object.keys(cpuAfter).map((name) => [
        name,
        requests > 0 ? (1000 * (cpuAfter[name] - cpuBefore[name])) / requests : Number.NaN,
      ]),
    ),
  };
}
