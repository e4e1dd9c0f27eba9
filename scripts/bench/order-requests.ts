// An order's time as a client of a running server sees it: POST /api/v2/order with a token,
// one after another, each timed from the request to the whole answer read. bench:memory runs it
// on its `npm start` (PGlite) after the walk, warm, for the target "an order < 20 ms"
// (docs/PERFORMANCE.md); scripts/bench/order-latency.ts times placeOrder alone, without HTTP.
import { performance } from "node:perf_hooks";

/** Each request's time in ms, and the server's CPU (its process tree) per request in ms. */
export type OrderTimes = { label: string; times: number[]; cpuMs: number };

const WARM_UP = 5;
const COUNTRY = "US";

type Listed = { number_e164: string; region: string };

/** Numbers of the country that would be active at once when bought (no documents to wait for). */
async function listAvailable(baseUrl: string, headers: Record<string, string>): Promise<Listed[]> {
  const response = await fetch(
    `${baseUrl}/api/v2/inventory/${COUNTRY}/local?activatable_now=true&limit=1000`,
    { headers },
  );
  if (response.status !== 200)
    throw new Error(`GET /inventory/${COUNTRY}/local: ${response.status} ${await response.text()}`);
  // The contract's inventory answer is the array itself (totals are in headers).
  return (await response.json()) as Listed[];
}

/** `count` requests one after another, each timed to its whole answer; any other status than 200 stops it. */
async function timed(
  count: number,
  send: (index: number) => Promise<Response>,
  label: string,
  cpuSeconds: () => number,
): Promise<OrderTimes> {
  const times: number[] = [];
  const cpuBefore = cpuSeconds();
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await send(index);
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${label}, request ${index + 1}: ${response.status} ${body}`);
    times.push(elapsed);
  }
  return { label, times, cpuMs: ((cpuSeconds() - cpuBefore) * 1000) / count };
}

/**
 * `count` orders of each shape after a few untimed ones: a number named (as the portal's cart
 * checks out), then any number of a region (the region with the most left, so none runs out).
 * First the floor: GET /api/health (no token, no database), what any request costs here on
 * this machine at this moment, against which an order's time can be read on a loaded one.
 * `cpuSeconds` reads the server's CPU time so far.
 */
export async function timeOrders(
  baseUrl: string,
  token: string,
  count: number,
  cpuSeconds: () => number,
): Promise<OrderTimes[]> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const order = (item: Record<string, unknown>) =>
    fetch(`${baseUrl}/api/v2/order`, {
      method: "POST",
      headers,
      body: JSON.stringify({ contact_name: "Order timing", items: [item] }),
    });

  const health = () => fetch(`${baseUrl}/api/health`);
  await timed(WARM_UP, health, "health, warm-up", cpuSeconds);
  const floor = await timed(count, health, "GET /api/health (the floor)", cpuSeconds);

  const named = (await listAvailable(baseUrl, headers)).map((entry) => entry.number_e164);
  if (named.length < WARM_UP + count)
    throw new Error(`only ${named.length} ${COUNTRY} numbers to name; ask for fewer orders`);
  await timed(WARM_UP, (index) => order({ number_e164: named[index] }), "named, warm-up", cpuSeconds);
  const namedOrders = await timed(
    count,
    (index) => order({ number_e164: named[WARM_UP + index] }),
    "POST /order, one named number",
    cpuSeconds,
  );

  // Counted afresh: the named orders took some of them. A region's count here is at most what it
  // has; a region is asked for no more than that.
  const left = new Map<string, number>();
  for (const entry of await listAvailable(baseUrl, headers))
    left.set(entry.region, (left.get(entry.region) ?? 0) + 1);
  const nextRegion = () => {
    const [region, number] = [...left].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    if (number === 0) throw new Error(`no ${COUNTRY} region has a number left to order`);
    left.set(region, number - 1);
    return region;
  };
  const geography = () =>
    order({ country: COUNTRY, number_type: "local", region: nextRegion(), quantity: 1 });
  await timed(WARM_UP, geography, "geography, warm-up", cpuSeconds);
  const geographyOrders = await timed(count, geography, "POST /order, one number of a region", cpuSeconds);
  return [floor, namedOrders, geographyOrders];
}

/** Median, p95 and max in ms, and the server's CPU a request, one line. */
export function describeOrderTimes({ label, times, cpuMs }: OrderTimes): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `${label}: median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(sorted[sorted.length - 1])}; ` +
    `server CPU ${ms(cpuMs)} a request (${times.length} requests)`
  );
}
