import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What `npm start` printed as the demo token, read from beside the e2e database.
function demoToken(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-credentials.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { token: string }).token;
}

test.describe("the API served by npm start", () => {
  test("answers the demo token with the seeded countries", async ({ request }) => {
    const response = await request.get("/api/v2/countries", {
      headers: { authorization: `Bearer ${demoToken()}` },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const countries = (await response.json()) as Array<{ id: string; english_name: string }>;
    expect(countries.length).toBeGreaterThanOrEqual(12);
    expect(countries).toContainEqual({ id: "GB", english_name: "United Kingdom" });
  });

  test("routes path parameters in any case", async ({ request }) => {
    const response = await request.get("/api/v2/regions/us", {
      headers: { authorization: `Bearer ${demoToken()}` },
    });
    expect(response.status()).toBe(200);
    const regions = (await response.json()) as Array<{ id: string }>;
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) expect(region.id.startsWith("US-")).toBe(true);
  });

  test("answers unknown paths with 404 in the API's error body", async ({ request }) => {
    for (const pathname of ["/api/v2/nope", "/api/v2/regions", "/api/v2/countries/US/extra"]) {
      const response = await request.get(pathname, { headers: { "x-request-id": "smoke-404" } });
      expect(response.status(), pathname).toBe(404);
      expect(response.headers()["x-request-id"]).toBe("smoke-404");
      expect(await response.json()).toEqual({
        message: "Not Found",
        error: {
          message: `There is no endpoint at ${pathname}.`,
          details: `path=${pathname}`,
          code: "not_found",
        },
      });
    }
  });

  test("answers a wrong method with 405 and Allow", async ({ request }) => {
    const response = await request.delete("/api/v2/countries", {
      headers: { authorization: `Bearer ${demoToken()}` },
    });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, OPTIONS");
    expect((await response.json()).error.code).toBe("method_not_allowed");
  });

  test("serves destinations without a token and refuses a bad one", async ({ request }) => {
    expect((await request.get("/api/v2/destinations/GB/local")).status()).toBe(200);
    const bad = await request.get("/api/v2/destinations/GB/local", {
      headers: { authorization: "Bearer wrong" },
    });
    expect(bad.status()).toBe(401);
    expect((await bad.json()).error.code).toBe("unauthorized");
  });
});

test.describe("headers on every answer", () => {
  test("pages send CSP with frame-ancestors 'none', nosniff and a referrer policy", async ({ request }) => {
    const response = await request.get("/sign-in");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("Bearer requests from another origin are allowed by CORS, without credentials", async ({
    request,
  }) => {
    const preflight = await request.fetch("/api/v2/order", {
      method: "OPTIONS",
      headers: {
        origin: "https://client.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, idempotency-key",
      },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers()["access-control-allow-headers"]).toContain("Idempotency-Key");
    expect(preflight.headers()["access-control-allow-credentials"]).toBeUndefined();
    const response = await request.get("/api/v2/countries", {
      headers: { origin: "https://client.example", authorization: `Bearer ${demoToken()}` },
    });
    expect(response.headers()["access-control-allow-origin"]).toBe("*");
    expect(response.headers()["access-control-expose-headers"]).toContain("X-Total-Count");
    expect(response.headers()["ratelimit-policy"]).toBe('"default";q=600;w=60');
  });
});
