// /api/health and /api/ready answer other methods 405 in the API's error body
// with Allow and X-Request-Id (Next's own answer was an empty 405).
import { describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";

describe.each([
  ["/api/health", health],
  ["/api/ready", ready],
])("%s", (path, routeModule) => {
  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s → 405 method_not_allowed with Allow",
    async (method) => {
      const handler = routeModule[method];
      const response = await handler(
        new Request(`http://localhost${path}`, { method, headers: { "x-request-id": "hc-1" } }),
        {
          params: Promise.resolve({}),
        },
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, OPTIONS");
      expect(response.headers.get("x-request-id")).toBe("hc-1");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.json()).toEqual({
        message: "Method Not Allowed",
        error: {
          message: `${method} is not allowed here; use GET.`,
          details: `method=${method}`,
          code: "method_not_allowed",
        },
      });
    },
  );
});
