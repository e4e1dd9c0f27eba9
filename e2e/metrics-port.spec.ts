// METRICS_PORT (docs/OPERATIONS.md): with it set, /metrics is served on that port, to anyone who
// reaches it, and the app's own port has no /metrics at all, whatever token a caller sends. This
// spec starts its own instance, since the port is read at start-up.
import { randomBytes } from "node:crypto";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { counter, samples } from "../tests/metrics-text";
import { startOwnInstance, type OwnInstance } from "./own-instance";

const appPort = Number(process.env.E2E_PORT ?? 3100) + 31;
const metricsPort = appPort + 1;
// Set too, to show the port wins: the token does not open /metrics on the app's port.
const metricsToken = randomBytes(24).toString("hex");

let instance: OwnInstance;
let scraper: APIRequestContext;

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  instance = await startOwnInstance(
    appPort,
    { LOG_LEVEL: "error", METRICS_PORT: String(metricsPort), METRICS_TOKEN: metricsToken },
    "metrics-port-server.log",
  );
  scraper = await playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${metricsPort}`,
    extraHTTPHeaders: { connection: "close" },
  });
});

test.afterAll(async () => {
  await scraper?.dispose();
  await instance?.stop();
});

async function scrape(): Promise<string> {
  const response = await scraper.get("/metrics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  return response.text();
}

test("the metrics port serves the scrape, with the counts of requests to the app's port", async () => {
  const { api, token } = instance;
  const bearer = { authorization: `Bearer ${token}` };
  const before = await scrape();
  for (let i = 0; i < 4; i++)
    expect((await api.get("/api/v2/countries", { headers: bearer })).status()).toBe(200);
  const stock = (await (await api.get("/api/v2/inventory/US?limit=20", { headers: bearer })).json()) as {
    number_e164: string;
    required_documents: unknown[];
  }[];
  const number = stock.find((entry) => entry.required_documents.length === 0)?.number_e164;
  expect(number).toBeDefined();
  const order = await api.post("/api/v2/order", {
    headers: bearer,
    data: { contact_name: "Metrics port test", items: [{ number_e164: number }] },
  });
  expect(order.status()).toBe(200);
  const after = await scrape();

  const count = (text: string, labels: string) =>
    samples(text, "http_request_duration_seconds_count").get(labels) ?? 0;
  const countries = '{route="/api/v2/countries",method="GET",status="200"}';
  expect(count(after, countries) - count(before, countries)).toBe(4);
  const orders = '{route="/api/v2/order",method="POST",status="200"}';
  expect(count(after, orders) - count(before, orders)).toBe(1);
  expect(counter(after, "portal_orders_total") - counter(before, "portal_orders_total")).toBe(1);
  expect(counter(after, "portal_numbers_sold_total") - counter(before, "portal_numbers_sold_total")).toBe(1);
  // Scrapes on the metrics port are not requests to the app: no /metrics series.
  expect([...samples(after, "http_request_duration_seconds_count").keys()].join("\n")).not.toContain(
    'route="/metrics"',
  );
});

test("the app's port has no /metrics, with or without the metrics token", async () => {
  const tries: Record<string, string>[] = [{}, { authorization: `Bearer ${metricsToken}` }];
  for (const headers of tries) {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await instance.api.fetch("/metrics", { method, headers });
      expect(response.status()).toBe(404);
      if (method === "HEAD") continue;
      const body = (await response.json()) as { error: { code: string; details: string } };
      expect(body.error).toMatchObject({ code: "not_found", details: "path=/metrics" });
      expect(JSON.stringify(body)).not.toContain("http_request_duration_seconds");
    }
  }
});

test("the metrics port serves nothing of the app, and only GET and HEAD", async () => {
  for (const target of ["/", "/api/health", "/api/v2/countries", "/inventory"]) {
    const response = await scraper.get(target);
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { code: "not_found", message: "This port serves only /metrics.", details: `path=${target}` },
    });
  }
  const post = await scraper.post("/metrics");
  expect(post.status()).toBe(405);
  expect(post.headers().allow).toBe("GET, HEAD");
  expect(((await post.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  const head = await scraper.head("/metrics");
  expect(head.status()).toBe(200);
  expect(await head.text()).toBe("");
});
