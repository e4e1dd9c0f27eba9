// An order's time as a client of a running server sees it: POST /api/v2/order with a token,
// one after another, each timed from the request to the whole answer read. bench:memory runs it
// on its `npm start` (PGlite) after the walk, warm, for the target "an order < 20 ms"
// (docs/PERFORMANCE.md); scripts/bench/order-latency.ts times placeOrder alone, without HTTP.
import { performance } from "node:perf_hooks";

export type OrderTimes = { label: string; times: number[] };

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

async function timed(
  count: number,
  send: (index: number) => Promise<Response>,
  label: string,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await send(index);
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${label}, order ${index + 1}: ${response.status} ${body}`);
    times.push(elapsed);
  }
  return times;
}

/**
 * `count` orders of each shape after a few untimed ones: a number named (as the portal's cart
 * checks out), then any number of a region (the region with the most left, so none runs out).
 */
export async function timeOrders(baseUrl: string, token: string, count: number): Promise<OrderTimes[]> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const order = (item: Record<string, unknown>) =>
    fetch(`${baseUrl}/api/v2/order`, {
      method: "POST",
      headers,
      body: JSON.stringify({ contact_name: "Order timing", items: [item] }),
    });

  const named = (await listAvailable(baseUrl, headers)).map((entry) => entry.number_e164);
  if (named.length < WARM_UP + count)
    throw new Error(`only ${named.length} ${COUNTRY} numbers to name; ask for fewer orders`);
  await timed(WARM_UP, (index) => order({ number_e164: named[index] }), "named, warm-up");
  const namedTimes = await timed(
    count,
    (index) => order({ number_e164: named[WARM_UP + index] }),
    "one named number",
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
  await timed(WARM_UP, geography, "geography, warm-up");
  const geographyTimes = await timed(count, geography, "one number of a region");

  return [
    { label: "one named number", times: namedTimes },
    { label: "one number of a region", times: geographyTimes },
  ];
}

/** Median, p95 and max in ms, one line. */
export function describeOrderTimes({ label, times }: OrderTimes): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${label}: median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(sorted[sorted.length - 1])} (${times.length} orders)`;
}
