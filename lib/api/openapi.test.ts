import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { endpoints, methods, splitKey } from "@/lib/api/registry";
import { api } from "@/tests/api-client";

type Document = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters: Array<{ name: string; in: string }>; "x-badge": string }>> };
const document = buildOpenApiDocument() as unknown as Document;

/** Every route.ts under app/api/v2 as its OpenAPI path ("/regions/{country}"). */
function routePaths(dir = path.join(process.cwd(), "app", "api", "v2"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (!statSync(full).isDirectory()) {
      if (entry === "route.ts") found.push(prefix === "" ? "/" : prefix);
      continue;
    }
    if (entry.startsWith("[...")) continue; // the 404 catch-all answers paths that are not endpoints
    found.push(...routePaths(full, `${prefix}/${entry.replace(/^\[(.+)\]$/, "{$1}")}`));
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every route that exists, and nothing that does not", () => {
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(routePaths())].sort());
  });

  it("lists exactly the methods each route serves", async () => {
    for (const [template, operations] of Object.entries(document.paths)) {
      const concrete = template.replace(/\{[^}]+\}/g, "XX");
      for (const method of methods) {
        const response = await api(method, concrete);
        const documented = method.toLowerCase() in operations;
        expect(response.status === 405, `${method} ${template}`).toBe(!documented);
      }
    }
  });

  it("gives every operation its 200, its errors and its path parameters", () => {
    for (const key of Object.keys(endpoints)) {
      const { method, path: template } = splitKey(key);
      const operation = document.paths[template][method.toLowerCase()];
      expect(Object.keys(operation.responses)).toContain("200");
      expect(Object.keys(operation.responses)).toContain("401");
      expect(Object.keys(operation.responses)).toContain("429");
      expect(Object.keys(operation.responses)).toContain("500");
      const pathParams = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(operation.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathParams);
      expect(["stable", "draft", "coming_soon", "deprecated"]).toContain(operation["x-badge"]);
    }
  });

  it("is served at /api/v2/openapi.json without a token", async () => {
    const response = await api("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
