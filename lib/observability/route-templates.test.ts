import { describe, expect, it } from "vitest";
import { routeTemplates, UNMATCHED } from "@/lib/observability/route-templates";

// The routes as Next's build lists them (app-path-routes-manifest.json's values).
const routeOf = routeTemplates([
  "/",
  "/numbers",
  "/numbers/[number_id]",
  "/numbers/export",
  "/api/health",
  "/api/v2/numbers/[number_id]",
  "/api/v2/numbers/[number_id]/history",
  "/api/v2/products/[country]/[number_type]",
  "/api/v2/products/[country]/[number_type]/[region]",
  "/api/v2/[...path]",
  "/api/auth/[...nextauth]",
  "/docs/[[...slug]]",
]);

describe("routeTemplates", () => {
  it.each([
    ["/", "/"],
    ["/numbers", "/numbers"],
    ["/numbers/", "/numbers"],
    ["/numbers/export", "/numbers/export"],
    ["/numbers/num_81f3a", "/numbers/{number_id}"],
    ["/api/health", "/api/health"],
    ["/api/v2/numbers/num_1", "/api/v2/numbers/{number_id}"],
    ["/api/v2/numbers/num_1/history", "/api/v2/numbers/{number_id}/history"],
    ["/api/v2/products/US/local", "/api/v2/products/{country}/{number_type}"],
    ["/api/v2/products/US/local/NY", "/api/v2/products/{country}/{number_type}/{region}"],
    // What no endpoint serves falls to the API's catch-all, one label for all of it.
    ["/api/v2/numbers/num_1/nothing/here", "/api/v2/{path*}"],
    ["/api/v2/x7f3e9", "/api/v2/{path*}"],
    ["/api/auth/callback/credentials", "/api/auth/{nextauth*}"],
    ["/docs", "/docs/{slug*}"],
    ["/docs/a/b", "/docs/{slug*}"],
    ["/_next/static/chunks/abc123.js", "/_next/*"],
    ["/wp-login.php", UNMATCHED],
    ["/numbers/a/b", UNMATCHED],
    ["/api/other", UNMATCHED],
    ["http://evil.example/x", UNMATCHED],
    ["", UNMATCHED],
  ])("%s → %s", (pathname, label) => expect(routeOf(pathname)).toBe(label));

  it("answers a bounded set of labels however many different paths it is given", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const word = Math.random().toString(36).slice(2);
      labels.add(routeOf(`/${word}`));
      labels.add(routeOf(`/api/v2/${word}`));
      labels.add(routeOf(`/numbers/${word}`));
    }
    expect([...labels].sort()).toEqual([UNMATCHED, "/api/v2/{path*}", "/numbers/{number_id}"].sort());
  });
});
