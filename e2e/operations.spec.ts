// Operating it (docs/OPERATIONS.md): /metrics on the app's port behind METRICS_TOKEN, with exact
// counts and bounded labels; traces sent to an OTLP receiver on loopback, SQL nested under the
// request; a collector that stops answering changes nothing for clients. This spec starts its
// own instance (`npm start` on a fresh embedded database, the build the suite made), because
// tracing and the metrics token are set at start-up.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { counter, samples } from "../tests/metrics-text";
import { startOwnInstance, type OwnInstance } from "./own-instance";

const port = Number(process.env.E2E_PORT ?? 3100) + 30;
const metricsToken = randomBytes(24).toString("hex");

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Attribute[];
};
type Receiver = {
  server: Server;
  spans: OtlpSpan[];
  attempts: number;
  mode: "accept" | "silent";
  url: string;
};

function attribute(span: OtlpSpan, key: string): string | undefined {
  const found = span.attributes?.find((entry) => entry.key === key)?.value;
  return found?.stringValue ?? (found?.intValue === undefined ? undefined : String(found.intValue));
}

/** An OTLP/HTTP (JSON) trace receiver on loopback; "silent" takes requests and never answers. */
async function startReceiver(): Promise<Receiver> {
  const receiver = { spans: [], attempts: 0, mode: "accept" } as unknown as Receiver;
  receiver.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.attempts += 1;
      if (receiver.mode === "silent") return;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) receiver.spans.push(...scope.spans);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  return receiver;
}

function requestCount(text: string, route: string, method: string, status: number): number {
  return (
    samples(text, "http_request_duration_seconds_count").get(
      `{route="${route}",method="${method}",status="${status}"}`,
    ) ?? 0
  );
}

let receiver: Receiver;
let instance: OwnInstance;
let api: APIRequestContext;
let token = "";
const output = () => instance.output();

// Serial on one instance; each test gets minutes, since this machine may be shared and slow.
test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  receiver = await startReceiver();
  instance = await startOwnInstance(
    port,
    { LOG_LEVEL: "info", METRICS_TOKEN: metricsToken, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    "operations-server.log",
  );
  ({ api, token } = instance);
});

test.afterAll(async () => {
  await instance?.stop();
  receiver?.server.closeAllConnections();
  receiver?.server.close();
});

async function scrape(): Promise<string> {
  const response = await api.get("/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  return response.text();
}

test("a scrape without the metrics token is refused with the error body and no metrics", async () => {
  for (const authorization of [undefined, "Bearer not-the-token", `Basic ${metricsToken}`]) {
    const response = await api.get("/metrics", { headers: authorization ? { authorization } : {} });
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(JSON.stringify(body)).not.toContain("http_request_duration_seconds");
  }
});

test("a scrape after a known set of requests finds their exact counts by route template", async () => {
  const before = await scrape();
  const bearer = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 3; i++)
    expect((await api.get("/api/v2/countries", { headers: bearer })).status()).toBe(200);
  expect((await api.get("/api/v2/countries")).status()).toBe(401);
  for (let i = 0; i < 2; i++) expect((await api.get("/api/health")).status()).toBe(200);
  const numbers = ["+12125550100", "+12125550101"];
  for (const number of numbers)
    await api.get(`/api/v2/reservations/${encodeURIComponent(number)}`, { headers: bearer });
  const after = await scrape();

  const delta = (route: string, method: string, status: number) =>
    requestCount(after, route, method, status) - requestCount(before, route, method, status);
  expect(delta("/api/v2/countries", "GET", 200)).toBe(3);
  expect(delta("/api/v2/countries", "GET", 401)).toBe(1);
  expect(delta("/api/health", "GET", 200)).toBe(2);
  // The scrape before this one, under its own label.
  expect(delta("/metrics", "GET", 200)).toBe(1);
  // Two different numbers, one series: the template, never the raw path.
  const reservations = [...samples(after, "http_request_duration_seconds_count").keys()].filter((labels) =>
    labels.includes("/api/v2/reservations/"),
  );
  expect(reservations.every((labels) => labels.includes('route="/api/v2/reservations/{number_e164}"'))).toBe(
    true,
  );
  expect(after).not.toContain("12125550100");
  // Node's process metrics and the pool-free PGlite's queue gauges are there too.
  expect(after).toContain("process_cpu_seconds_total");
  expect(after).toContain("nodejs_eventloop_lag_seconds");
  expect(samples(after, "portal_queue_depth").get('{queue="webhook_deliveries"}')).toBeGreaterThanOrEqual(0);
});

test("1,000 random paths are counted under bounded labels, not a series each", async () => {
  const seriesOf = (text: string) => new Set(samples(text, "http_request_duration_seconds_count").keys());
  const before = seriesOf(await scrape());
  const sent: string[] = [];
  for (let batch = 0; batch < 20; batch++) {
    await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const word = randomBytes(6).toString("hex");
        const target = index % 2 === 0 ? `/api/v2/${word}/${batch}` : `/${word}-${batch}`;
        sent.push(word);
        return api.get(target, { maxRedirects: 0 });
      }),
    );
  }
  const text = await scrape();
  const after = seriesOf(text);
  const added = [...after].filter((labels) => !before.has(labels));
  // At most: the unmatched label and the API's catch-all, each with the statuses they answered.
  expect(added.length).toBeLessThanOrEqual(4);
  for (const labels of added)
    expect(labels).toMatch(/route="(\(unmatched\)|\/api\/v2\/\{path\*\}|\/metrics)"/);
  expect(sent.some((word) => text.includes(word))).toBe(false);
});

test("an order's spans reach the collector, its SQL nested under the request, its trace id in the log", async () => {
  const bearer = { authorization: `Bearer ${token}` };
  const beforeText = await scrape();
  const stock = (await (await api.get("/api/v2/inventory/US?limit=20", { headers: bearer })).json()) as {
    number_e164: string;
    required_documents: unknown[];
  }[];
  const number = stock.find((entry) => entry.required_documents.length === 0)?.number_e164;
  expect(number).toBeDefined();
  const order = await api.post("/api/v2/order", {
    headers: bearer,
    data: { contact_name: "Operations test", items: [{ number_e164: number }] },
  });
  expect(order.status()).toBe(200);
  const requestId = order.headers()["x-request-id"];
  const afterText = await scrape();
  expect(counter(afterText, "portal_orders_total") - counter(beforeText, "portal_orders_total")).toBe(1);
  expect(
    counter(afterText, "portal_numbers_sold_total") - counter(beforeText, "portal_numbers_sold_total"),
  ).toBe(1);

  const requestSpan = () =>
    receiver.spans.find(
      (span) => span.name === "POST /api/v2/order" && attribute(span, "request.id") === requestId,
    );
  await expect.poll(() => requestSpan() !== undefined, { timeout: 30_000 }).toBe(true);
  const root = requestSpan()!;
  expect(attribute(root, "http.route")).toBe("/api/v2/order");
  expect(attribute(root, "http.response.status_code")).toBe("200");
  const byId = new Map(receiver.spans.map((span) => [span.spanId, span]));
  const under = (span: OtlpSpan): boolean => {
    for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId)
      if (parent === root.spanId) return true;
    return false;
  };
  // The sale's statement (place_order_answer) arrives with the same batch or the next one.
  await expect
    .poll(
      () =>
        receiver.spans.some(
          (span) =>
            span.traceId === root.traceId &&
            attribute(span, "db.query.text")?.includes("place_order_answer") === true &&
            under(span),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const sql = receiver.spans.filter(
    (span) => span.traceId === root.traceId && attribute(span, "db.system.name"),
  );
  expect(sql.length).toBeGreaterThan(1);
  expect(sql.every(under)).toBe(true);
  // The request's log line names the trace.
  await expect
    .poll(
      () =>
        output()
          .split("\n")
          .find((line) => line.includes(`"request_id":"${requestId}"`)) ?? "",
    )
    .toContain(`"trace_id":"${root.traceId}"`);
});

test("promtool accepts a real scrape", async () => {
  const promtool = spawnSync("promtool", ["--version"]);
  test.skip(promtool.error !== undefined && process.env.CI !== "true", "promtool is not installed here");
  const check = spawnSync("promtool", ["check", "metrics"], { input: await scrape(), encoding: "utf8" });
  // prom-client names three of Node's gauges with _total (upstream naming, nodejs_active_*);
  // promtool's lint notes them. Anything else it says about the scrape fails the test.
  const findings = `${check.stdout}${check.stderr}`
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^nodejs_active_\w+_total non-counter metrics/.test(line));
  expect(findings).toEqual([]);
});

test("a collector that stops answering changes nothing for clients and is said once in the log", async () => {
  receiver.mode = "silent";
  const attemptsBefore = receiver.attempts;
  const bearer = { authorization: `Bearer ${token}` };
  // Traffic while exports go unanswered: every request still answers.
  await expect
    .poll(
      async () => {
        expect((await api.get("/api/v2/countries", { headers: bearer })).status()).toBe(200);
        return output()
          .split("\n")
          .filter((line) => line.includes('"event":"trace_export_failed"')).length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  // Further unanswered exports after the first failure are not logged again.
  const attemptsAtFirstFailure = receiver.attempts;
  expect(attemptsAtFirstFailure).toBeGreaterThan(attemptsBefore);
  await expect
    .poll(
      async () => {
        await api.get("/api/health");
        return receiver.attempts;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(attemptsAtFirstFailure + 1);
  expect(
    output()
      .split("\n")
      .filter((line) => line.includes('"event":"trace_export_failed"')),
  ).toHaveLength(1);
});
