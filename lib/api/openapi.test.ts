import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { endpoints, methods, splitKey } from "@/lib/api/registry";
import { api } from "@/tests/api-client";

type Parameter = { name: string; in: string; schema: Record<string, unknown>; example?: unknown };
type Operation = {
  responses: Record<string, unknown>;
  parameters: Parameter[];
  "x-badge": string;
  tags: string[];
  security: unknown[];
  description: string;
};
type Document = {
  openapi: string;
  info: { contact?: { name?: string } };
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
};
const document = buildOpenApiDocument() as unknown as Document;
const headerComponents = (
  document as unknown as { components: { headers: Record<string, { required?: boolean }> } }
).components.headers;

/** Every route.ts under app/api/v2 as its OpenAPI path ("/regions/{country}"). */
function routePaths(dir = path.join(process.cwd(), "app", "api", "v2"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (!statSync(full).isDirectory()) {
      // /api/v2 itself only answers 404 in the error body (docs/CONTRACT.md §1): not an endpoint.
      if (entry === "route.ts" && prefix !== "") found.push(prefix);
      continue;
    }
    if (entry.startsWith("[...")) continue; // the 404 catch-all answers paths that are not endpoints
    found.push(...routePaths(full, `${prefix}/${entry.replace(/^\[(.+)\]$/, "{$1}")}`));
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(
      structuredClone(document) as Parameters<Validator["validate"]>[0],
    );
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

  it("gives every operation its success status, its errors and its path parameters", () => {
    for (const [key, definition] of Object.entries(endpoints)) {
      const { method, path: template } = splitKey(key);
      const operation = document.paths[template][method.toLowerCase()];
      const success = "status" in definition ? definition.status : 200;
      expect(Object.keys(operation.responses)).toContain(String(success));
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

  // What the server enforces, typed as what it means (not as a string with a digit pattern).
  it.each([
    [
      "get /inventory/{country}",
      "limit",
      { type: "integer", format: "int32", minimum: 1, maximum: 1000, default: 50 },
    ],
    [
      "get /inventory/{country}",
      "offset",
      { type: "integer", format: "int32", minimum: 0, maximum: 100000, default: 0 },
    ],
    [
      "get /inventory/{country}/{number_type}",
      "limit",
      { type: "integer", format: "int32", minimum: 1, maximum: 1000, default: 50 },
    ],
    ["get /orders", "limit", { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 }],
    ["get /orders", "offset", { type: "integer", format: "int32", minimum: 0, maximum: 100000, default: 0 }],
    [
      "get /numbers/{number_id}/history",
      "limit",
      { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 },
    ],
    [
      "get /numbers/{number_id}/history",
      "offset",
      { type: "integer", format: "int32", minimum: 0, maximum: 100000, default: 0 },
    ],
    ["get /inventory/{country}", "sms_enabled", { type: "string", enum: ["true", "false", "1", "0"] }],
    ["get /inventory/{country}", "voice_enabled", { type: "string", enum: ["true", "false", "1", "0"] }],
    [
      "get /inventory/{country}",
      "exclude_all_documents_required",
      { type: "string", enum: ["true", "false", "1", "0"] },
    ],
    [
      "get /inventory/{country}",
      "exclude_documents",
      { type: "array", items: { type: "string" }, minItems: 1 },
    ],
    [
      "get /inventory/{country}/{number_type}",
      "number_type",
      { type: "string", enum: ["local", "national", "mobile", "toll_free"] },
    ],
    [
      "get /destinations/{country}/{number_type}",
      "number_type",
      { type: "string", enum: ["local", "national", "mobile", "toll_free"] },
    ],
    ["get /numbers/{number_id}/active_rule", "at", { type: "string", format: "date-time" }],
    ["get /numbers", "number", { type: "string", pattern: "^\\+[1-9]\\d{7,14}$" }],
    [
      "get /numbers",
      "numbers",
      {
        type: "array",
        items: { type: "string", pattern: "^\\+[1-9]\\d{7,14}$" },
        minItems: 1,
        maxItems: 100,
      },
    ],
  ])("documents %s ?%s as %j", (operationKey, name, schema) => {
    const [method, template] = operationKey.split(" ");
    const parameter = document.paths[template][method].parameters.find((entry) => entry.name === name);
    expect(parameter?.schema).toEqual(schema);
  });

  it("gives every path parameter an example", () => {
    const missing = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.values(operations).flatMap((operation) =>
        operation.parameters
          .filter((p) => p.in === "path" && p.example === undefined)
          .map((p) => `${template} ${p.name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("says /tokens, /cart and account security take a portal session only, and the rest a scoped token or a session", () => {
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const { scope, auth } = (endpoints as Record<string, { scope: string | null; auth?: string }>)[
          `${method.toUpperCase()} ${template}`
        ];
        // Changing the team is an owner's or admin's portal session (docs/CONTRACT.md §15), never a token.
        const changesMembers = /^\/members(\/|$)/.test(template) && method !== "get";
        const sessionOnly =
          changesMembers ||
          /^\/(tokens|cart|sessions|password|two-factor|organization|verification\/resend)(\/|$)/.test(
            template,
          );
        expect(auth === "session", `${method} ${template} auth`).toBe(sessionOnly);
        const expected = sessionOnly
          ? [{ session: [] }]
          : scope === null
            ? [{}, { bearerAuth: [] }, { session: [] }]
            : [{ bearerAuth: [scope] }, { session: [] }];
        expect(operation.security, `${method} ${template}`).toEqual(expected);
      }
    }
  });

  it("declares every tag it uses, with a contact", () => {
    const used = new Set(
      Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).flatMap((operation) => operation.tags),
      ),
    );
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    expect(document.tags.every((tag) => typeof tag.description === "string")).toBe(true);
    expect(document.info.contact?.name).toMatch(/support/);
  });

  it.each(["put /numbers/{number_id}", "put /extension/{extension}", "delete /extension/{extension}"])(
    "declares If-Match required on %s (it answers 428 without)",
    (operationKey) => {
      const [method, template] = operationKey.split(" ");
      const header = document.paths[template][method].parameters.find((p) => p.name === "If-Match");
      expect(header).toMatchObject({ in: "header", required: true });
    },
  );

  it("pages every list with integer limit and offset", () => {
    const pages = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.values(operations).flatMap((operation) =>
        operation.parameters
          .filter((p) => p.in === "query" && (p.name === "limit" || p.name === "offset"))
          .map((p) => [`${template} ${p.name}`, p.schema.type]),
      ),
    );
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(pages.filter(([, type]) => type !== "integer")).toEqual([]);
  });

  it("gives every timestamp format date-time", () => {
    const missing: string[] = [];
    const walk = (value: unknown, where: string, name: string) => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}[${i}]`, name));
      if (!value || typeof value !== "object") return;
      const node = value as Record<string, unknown>;
      if (/(_at|^at|_until)$/.test(name) && node.type === "string" && node.format !== "date-time")
        missing.push(where);
      for (const [key, item] of Object.entries(node))
        walk(item, `${where}.${key}`, key === "anyOf" || key === "oneOf" || key === "schema" ? name : key);
    };
    walk(document, "", "");
    expect(missing).toEqual([]);
  });

  it("declares the headers every answer carries on every response, errors included", () => {
    type Header = { required?: boolean };
    const problems: string[] = [];
    for (const [template, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const [status, response] of Object.entries(operation.responses)) {
          const declared =
            (response as { headers?: Record<string, Header & { $ref?: string }> }).headers ?? {};
          // A header is declared once in components.headers and referred to from each response.
          const headers = Object.fromEntries(
            Object.entries(declared).map(([name, header]) => [
              name,
              header.$ref ? headerComponents[header.$ref.replace("#/components/headers/", "")] : header,
            ]),
          );
          const where = `${method} ${template} ${status}`;
          for (const name of ["X-Request-Id", "Access-Control-Allow-Origin"])
            if (headers[name]?.required !== true) problems.push(`${where}: ${name}`);
          for (const name of ["RateLimit", "RateLimit-Policy"]) {
            if (!headers[name]) problems.push(`${where}: ${name}`);
            else if (status.startsWith("2") && headers[name].required !== true)
              problems.push(`${where}: ${name}`);
          }
        }
    expect(problems).toEqual([]);
  });
});

type Schema = Record<string, unknown>;
const schemas = (document as unknown as { components: { schemas: Record<string, Schema> } }).components
  .schemas;
type Response2xx = {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema; example?: unknown }>;
};
const successes = Object.entries(document.paths).flatMap(([template, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) =>
    Object.entries(operation.responses as Record<string, Response2xx>)
      .filter(([status]) => status.startsWith("2"))
      .map(([status, response]) => ({
        where: `${method} ${template} ${status}`,
        method,
        template,
        response,
      })),
  ),
);

describe("the OpenAPI document, as client generators read it", () => {
  it("names every operation with a unique identifier (getTwoFactor, not getTwo-factor)", () => {
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map(
        (operation) => (operation as unknown as { operationId: string }).operationId,
      ),
    );
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("getTwoFactor");
  });

  it("never answers JSON and text in one success: the CSV exports are their own operations", () => {
    const mixed = successes.filter(
      ({ response }) =>
        Object.keys(response.content ?? {}).length > 1 && "application/json" in (response.content ?? {}),
    );
    expect(mixed.map(({ where }) => where)).toEqual([]);
    for (const template of ["/numbers/export", "/audit-events/export"])
      expect(document.paths[template].get.responses["200"]).toMatchObject({
        content: { "text/csv": { schema: { type: "string" } } },
      });
  });

  it("declares Content-Disposition and Cache-Control on every download, Location on POST /jobs", () => {
    const downloads = successes.filter(({ response }) =>
      Object.keys(response.content ?? {}).some((type) => type !== "application/json"),
    );
    expect(downloads.map(({ template }) => template).sort()).toEqual([
      "/audit-events/export",
      "/billing/ledger/export",
      "/documents/{document_id}/file",
      "/invoices/export",
      "/invoices/{invoice_id}/pdf",
      "/loa_signatures/{token}/pdf",
      "/numbers/export",
      "/port_orders/{port_order_id}/loa",
    ]);
    for (const { where, response } of downloads)
      expect(response.headers, where).toMatchObject({
        "Content-Disposition": { required: true },
        "Cache-Control": { required: true, schema: { const: "no-store" } },
      });
    expect(document.paths["/jobs"].post.responses["202"]).toMatchObject({
      headers: { Location: { required: true } },
    });
  });

  it("gives every success with a body an example its endpoint's response schema takes (files aside)", () => {
    const problems: string[] = [];
    for (const { where, method, template, response } of successes)
      for (const [type, content] of Object.entries(response.content ?? {})) {
        if ((content.schema as { format?: string }).format === "binary") continue;
        if (content.example === undefined) problems.push(`${where} ${type}: no example`);
        const definition = (
          endpoints as Record<string, { response: { safeParse(v: unknown): { success: boolean } } }>
        )[`${method.toUpperCase()} ${template}`];
        if (type === "application/json" && !definition.response.safeParse(content.example).success)
          problems.push(`${where}: the example does not parse`);
      }
    expect(problems).toEqual([]);
  });

  it.each([
    ["DisableTwoFactorRequest", { oneOf: [{ required: ["code"] }, { required: ["password"] }] }],
    ["JobRequest", { oneOf: [{ required: ["number_ids"] }, { required: ["filter"] }] }],
    [
      "CreateEndUserRequest",
      {
        if: { properties: { type: { const: "business" } }, required: ["type"] },
        then: { required: ["business_name"] },
      },
    ],
    [
      "UpdateEndUserRequest",
      {
        if: { properties: { type: { const: "business" } }, required: ["type"] },
        then: { properties: { business_name: { type: "string" } } },
      },
    ],
    ["ChangePasswordRequest", { properties: { new_password: { minLength: 12, maxLength: 128 } } }],
    [
      "TwoFactorStatus",
      { properties: { enabled_at: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] } } },
    ],
    ["AuditChange", { properties: { from: { $ref: "#/components/schemas/AuditValue" } } }],
  ])("states %s's rule as %j", (name, rule) => {
    expect(schemas[name]).toMatchObject(rule);
  });

  it("types the audit log's changed values as JSON values, not as anything", () => {
    expect((schemas.AuditValue.anyOf as Schema[]).map((option) => option.type)).toEqual([
      "string",
      "number",
      "boolean",
      "null",
      "array",
      "object",
    ]);
  });

  it("lists the number types wherever a number_type is, and dates audit from/to as date-time", () => {
    const loose: string[] = [];
    const walk = (value: unknown, where: string, name: string) => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${where}[${i}]`, name));
      if (!value || typeof value !== "object") return;
      const node = value as Schema;
      const isString = node.type === "string" || (Array.isArray(node.type) && node.type.includes("string"));
      if (name === "number_type" && isString && !node.enum) loose.push(where);
      for (const [key, item] of Object.entries(node))
        walk(item, `${where}.${key}`, ["anyOf", "oneOf", "items", "schema"].includes(key) ? name : key);
      if (typeof node.name === "string" && node.schema) walk(node.schema, `${where}.schema`, node.name);
    };
    walk(document, "", "");
    expect(loose).toEqual([]);
    for (const name of ["from", "to"])
      expect(
        document.paths["/audit-events"].get.parameters.find((p) => p.name === name)?.schema,
      ).toMatchObject({
        type: "string",
        format: "date-time",
      });
  });
});
