import { beforeEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { answerMetrics, answerOnMetricsPort, listenForScrapes } from "@/lib/api/metrics-endpoint";
import { observeRequest, resetMetrics } from "@/lib/observability/metrics";

const TOKEN = "a-metrics-token-of-32-characters";
const bearer = (value: string) => new Headers({ authorization: value, "x-request-id": "scrape-1" });
const none = () => new Headers({ "x-request-id": "scrape-1" });

// Who may read /metrics, door by door: the METRICS_PORT listener, or the app's own port.
describe("GET /metrics", () => {
  beforeEach(() => resetMetrics());

  it.each([
    [
      "token set, right token",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer(`Bearer ${TOKEN}`),
      200,
      null,
    ],
    [
      "token set, scheme in any case",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer(`bearer ${TOKEN}`),
      200,
      null,
    ],
    ["token set, HEAD", { METRICS_TOKEN: TOKEN }, "app-port", "HEAD", bearer(`Bearer ${TOKEN}`), 200, null],
    ["token set, no header", { METRICS_TOKEN: TOKEN }, "app-port", "GET", none(), 401, "unauthorized"],
    [
      "token set, wrong token",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer("Bearer nope"),
      401,
      "unauthorized",
    ],
    [
      "token set, a prefix of it",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer(`Bearer ${TOKEN.slice(0, 8)}`),
      401,
      "unauthorized",
    ],
    [
      "token set, Basic",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer(`Basic ${TOKEN}`),
      401,
      "unauthorized",
    ],
    [
      "token set, POST",
      { METRICS_TOKEN: TOKEN },
      "app-port",
      "POST",
      bearer(`Bearer ${TOKEN}`),
      405,
      "method_not_allowed",
    ],
    ["nothing set", {}, "app-port", "GET", bearer(`Bearer ${TOKEN}`), 404, "not_found"],
    [
      "port set: not on the app's port",
      { METRICS_PORT: 9464, METRICS_TOKEN: TOKEN },
      "app-port",
      "GET",
      bearer(`Bearer ${TOKEN}`),
      404,
      "not_found",
    ],
    [
      "port set: on the metrics port, no token needed",
      { METRICS_PORT: 9464 },
      "metrics-port",
      "GET",
      none(),
      200,
      null,
    ],
    [
      "port set: POST on the metrics port",
      { METRICS_PORT: 9464 },
      "metrics-port",
      "POST",
      none(),
      405,
      "method_not_allowed",
    ],
  ] as const)("%s", async (_, settings, door, method, headers, status, code) => {
    const response = await answerMetrics(settings, door, method, headers);
    expect(response.status).toBe(status);
    const text = await response.text();
    if (code === null) {
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(text).toContain("# TYPE http_request_duration_seconds histogram");
      return;
    }
    expect(response.headers.get("x-request-id")).toBe("scrape-1");
    expect(JSON.parse(text)).toMatchObject({ error: { code } });
    expect(text).not.toContain("http_request_duration_seconds");
    if (status === 401) expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    if (status === 405) expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("counts requests by route template, method and status, exactly", async () => {
    observeRequest("/api/v2/countries", "GET", 200, 0.004);
    observeRequest("/api/v2/countries", "GET", 200, 0.2);
    observeRequest("/api/v2/countries", "GET", 401, 0.001);
    const text = await (await answerMetrics({ METRICS_PORT: 1 }, "metrics-port", "GET", none())).text();
    const series = '{route="/api/v2/countries",method="GET",status="200"}';
    expect(text).toContain(`http_request_duration_seconds_count${series} 2`);
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.005",route="/api/v2/countries",method="GET",status="200"} 1`,
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{route="/api/v2/countries",method="GET",status="401"} 1',
    );
  });

  it("serves only /metrics on the metrics port: any other path is a 404 naming it", async () => {
    const scrape = await answerOnMetricsPort("/metrics", "GET", none());
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain("# TYPE http_request_duration_seconds histogram");
    for (const pathname of ["/", "/api/v2/countries", "/metrics/", "/api/health"]) {
      const response = await answerOnMetricsPort(pathname, "GET", none());
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        error: { code: "not_found", message: "This port serves only /metrics.", details: `path=${pathname}` },
      });
    }
  });

  it("listens on a port of its own: /metrics over HTTP, nothing else", async () => {
    const server = listenForScrapes(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      observeRequest("/api/v2/order", "POST", 200, 0.3);
      const scrape = await fetch(`${base}/metrics?x=1`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain(
        'http_request_duration_seconds_count{route="/api/v2/order",method="POST",status="200"} 1',
      );
      const head = await fetch(`${base}/metrics`, { method: "HEAD" });
      expect([head.status, await head.text()]).toEqual([200, ""]);
      const other = await fetch(`${base}/api/v2/countries`, { headers: { "x-request-id": "scrape-2" } });
      expect(other.status).toBe(404);
      expect(other.headers.get("x-request-id")).toBe("scrape-2");
      expect(await other.json()).toMatchObject({
        error: { code: "not_found", details: "path=/api/v2/countries" },
      });
      const post = await fetch(`${base}/metrics`, { method: "POST" });
      expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
