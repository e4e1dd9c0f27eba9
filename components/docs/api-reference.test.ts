import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { endpoints } from "@/lib/api/registry";
import { defineEndpoint } from "@/lib/api/endpoint-definition";

// /docs renders the OpenAPI document a tag at a time (components/docs), showing an operation's
// x-badges next to it and its description as Markdown; what the page can show is decided here.

// Registry entries made for this test: the real API has no Draft or Deprecated endpoint yet.
const testRegistry = {
  ...endpoints,
  "GET /future_thing": defineEndpoint({
    summary: "Something planned",
    scope: "reference:read",
    badge: "coming_soon",
    response: z.object({ ok: z.boolean() }),
  }),
  "GET /half_built": defineEndpoint({
    summary: "Something being built",
    scope: "reference:read",
    badge: "draft",
    response: z.object({ ok: z.boolean() }),
  }),
  "GET /old_thing": defineEndpoint({
    summary: "Something on its way out",
    scope: "reference:read",
    badge: "deprecated",
    deprecation: { since: "2026-01-01", sunset: "2027-01-01", link: "https://example.com/changes" },
    response: z.object({ ok: z.boolean() }),
  }),
};

type Operation = {
  deprecated?: boolean;
  description: string;
  "x-badge": string;
  "x-badges": Array<{ name: string; position: string; color: string }>;
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
const document = buildOpenApiDocument(testRegistry) as { paths: Record<string, Record<string, Operation>> };

describe("what the API reference shows", () => {
  it.each([
    ["/countries", "Stable", "#1d6b3a"],
    ["/future_thing", "Coming Soon", "#2d5fa8"],
    ["/half_built", "Draft", "#6b4e00"],
    ["/old_thing", "Deprecated", "#a12b2b"],
  ])("badges GET %s as %s", (path, name, color) => {
    expect(document.paths[path].get["x-badges"]).toEqual([{ name, position: "after", color }]);
  });

  it.each([
    [
      "/countries",
      "List the countries numbers are sold in. Needs a token with the `reference:read` scope, or a signed-in portal session.",
    ],
    [
      "/tokens",
      "List your organization's API tokens (portal session only). Needs a signed-in portal session: API tokens cannot call it. Needs the owner, admin, developer or support role.",
    ],
    [
      "/destinations/{country}/{number_type}",
      "List where calls to numbers of a country and type may be forwarded. Needs no token; a token that is sent must be valid.",
    ],
    [
      "/future_thing",
      "Something planned. Needs a token with the `reference:read` scope, or a signed-in portal session. Lifecycle: Coming Soon; it answers 501 not_implemented for now.",
    ],
  ])("describes GET %s in Markdown (code spans, not raw backticks on the page)", (path, description) => {
    expect(document.paths[path].get.description).toBe(description);
  });

  it("marks deprecated operations in the document itself", () => {
    expect(document.paths["/old_thing"].get.deprecated).toBe(true);
    expect(Object.keys(document.paths["/old_thing"].get.responses["200"].headers ?? {})).toEqual(
      expect.arrayContaining(["Deprecation", "Sunset", "Link"]),
    );
    expect(document.paths["/half_built"].get["x-badge"]).toBe("draft");
    expect(Object.keys(document.paths["/half_built"].get.responses)).toContain("501");
  });
});
