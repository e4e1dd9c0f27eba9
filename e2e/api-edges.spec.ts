import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What Next's own router used to answer under /api/v2 (a 500 text page for a
// path that does not percent-decode, its 404 HTML page for /api/v2, a 308 without
// X-Request-Id for a trailing slash) asked of the production build, where proxy.ts runs.

function demoToken(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-credentials.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { token: string }).token;
}

const undecodable = (segment: string, pathname: string) => ({
  message: "Bad Request",
  error: {
    message: `The path segment '${segment}' is not valid percent-encoding (a % must start %XX of UTF-8).`,
    details: `path=${pathname}`,
    code: "invalid_parameter",
  },
});
const notFound = (pathname: string) => ({
  message: "Not Found",
  error: { message: `There is no endpoint at ${pathname}.`, details: `path=${pathname}`, code: "not_found" },
});

test.describe("the API's edges on the built server", () => {
  for (const { pathname, status, body } of [
    { pathname: "/api/v2/countries%", status: 400, body: undecodable("countries%", "/api/v2/countries%") },
    { pathname: "/api/v2/regions/%", status: 400, body: undecodable("%", "/api/v2/regions/%") },
    {
      pathname: "/api/v2/destinations/US/%",
      status: 400,
      body: undecodable("%", "/api/v2/destinations/US/%"),
    },
    { pathname: "/api/v2/%E0%A4%A/x", status: 400, body: undecodable("%E0%A4%A", "/api/v2/%E0%A4%A/x") },
    { pathname: "/api/v2", status: 404, body: notFound("/api/v2") },
    { pathname: "/api/v2/", status: 404, body: notFound("/api/v2") },
  ]) {
    test(`GET ${pathname} → ${status} in the API's error body`, async ({ request }) => {
      const response = await request.get(pathname, {
        headers: { "x-request-id": "edge-e2e" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(status);
      expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers()["x-request-id"]).toBe("edge-e2e");
      expect(await response.json()).toEqual(body);
    });
  }

  test("a malformed query value is 400 naming the parameter", async ({ request }) => {
    const response = await request.get("/api/v2/inventory/US?contains=%E0%A4%A", {
      headers: { authorization: `Bearer ${demoToken()}` },
    });
    expect(response.status()).toBe(400);
    // Next re-encodes the query before the route sees it, so the value is reported as read.
    const { error } = (await response.json()) as { error: { code: string; details: string } };
    expect(error.code).toBe("invalid_parameter");
    expect(error.details.startsWith("query.contains=")).toBe(true);
  });

  test("a trailing slash is answered as the path without it, never redirected", async ({ request }) => {
    for (const pathname of ["/api/v2/countries/", "/api/v2/destinations/US/local/"]) {
      const response = await request.get(pathname, {
        headers: { authorization: `Bearer ${demoToken()}` },
        maxRedirects: 0,
      });
      expect(response.status(), pathname).toBe(200);
      expect(response.headers()["x-request-id"]).toBeTruthy();
    }
  });

  test("the Bearer scheme is case-insensitive", async ({ request }) => {
    for (const scheme of ["bearer", "BEARER"]) {
      expect(
        (
          await request.get("/api/v2/countries", { headers: { authorization: `${scheme} ${demoToken()}` } })
        ).status(),
        scheme,
      ).toBe(200);
    }
  });

  test("Link names the host the client reached, and ignores forwarding headers no proxy vouches for", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/api/v2/inventory/US/?limit=2", {
      headers: {
        authorization: `Bearer ${demoToken()}`,
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
      },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["link"]).toBe(`<${baseURL}/api/v2/inventory/US?limit=2&offset=2>; rel="next"`);
  });

  test("/api/health and /api/ready answer load balancers without a token", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });
});
