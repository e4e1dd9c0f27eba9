import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiReference } from "@/components/docs/api-reference";
import { readOpenApiDocument } from "@/components/docs/read-document";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { endpoints } from "@/lib/api/registry";
import { defineEndpoint } from "@/lib/api/endpoint-definition";

// Registry entries made for this test: the real API has no Draft or Deprecated endpoint yet.
const testRegistry = {
  ...endpoints,
  "GET /future_thing": defineEndpoint({ summary: "Something planned", scope: "reference:read", badge: "coming_soon", response: z.object({ ok: z.boolean() }) }),
  "GET /half_built": defineEndpoint({ summary: "Something being built", scope: "reference:read", badge: "draft", response: z.object({ ok: z.boolean() }) }),
  "GET /old_thing": defineEndpoint({
    summary: "Something on its way out",
    scope: "reference:read",
    badge: "deprecated",
    deprecation: { since: "2026-01-01", sunset: "2027-01-01", link: "https://example.com/changes" },
    response: z.object({ ok: z.boolean() }),
  }),
};

describe("the API reference page", () => {
  const html = renderToStaticMarkup(createElement(ApiReference, { document: readOpenApiDocument(buildOpenApiDocument(testRegistry)) }));

  it("lists every endpoint of the document", () => {
    for (const key of Object.keys(testRegistry)) {
      const [method, path] = key.split(" ");
      expect(html).toContain(`${method} ${path}`);
    }
  });

  it("shows each lifecycle badge", () => {
    expect(html).toContain('<span class="api-badge api-badge--coming_soon">Coming Soon</span>');
    expect(html).toContain('<span class="api-badge api-badge--draft">Draft</span>');
    expect(html).toContain('<span class="api-badge api-badge--deprecated">Deprecated</span>');
    expect(html).toContain('<span class="api-badge api-badge--stable">Stable</span>');
  });

  it("marks deprecated operations in the document itself", () => {
    const document = buildOpenApiDocument(testRegistry) as { paths: Record<string, Record<string, { deprecated?: boolean; "x-badge": string; responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    expect(document.paths["/old_thing"].get.deprecated).toBe(true);
    expect(Object.keys(document.paths["/old_thing"].get.responses["200"].headers ?? {})).toEqual(expect.arrayContaining(["Deprecation", "Sunset", "Link"]));
    expect(document.paths["/half_built"].get["x-badge"]).toBe("draft");
    expect(Object.keys(document.paths["/half_built"].get.responses)).toContain("501");
  });
});
