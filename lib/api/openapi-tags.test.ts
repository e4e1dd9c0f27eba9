import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import {
  getDocsTags,
  getTagDocument,
  operationAnchor,
  tagDocument,
  tagSlug,
  tagsOf,
  type OpenApiDocument,
} from "@/lib/api/openapi-tags";

// /docs shows the OpenAPI document a tag at a time; each tag's document must stand on its own.
const full = buildOpenApiDocument() as OpenApiDocument;

/** Every "#/components/…" reference under a value. */
function refs(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      if (key === "$ref" && typeof item === "string") found.add(item);
      else refs(item, found);
  return found;
}

const small: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "Small", version: "1" },
  servers: [{ url: "/api" }],
  tags: [{ name: "Events and webhooks", description: "Callbacks" }, { name: "Cats" }],
  paths: {
    "/cats": {
      parameters: [{ $ref: "#/components/parameters/Page" }],
      get: {
        summary: "List cats",
        tags: ["Cats"],
        responses: { 200: { $ref: "#/components/responses/Cats" } },
      },
      post: { summary: "Add a cat", tags: ["Events and webhooks"], responses: {} },
    },
    "/dogs": { get: { summary: "List dogs", tags: ["Dogs"], responses: {} } },
  },
  components: {
    schemas: {
      Cat: { type: "object", properties: { toy: { $ref: "#/components/schemas/Toy" } } },
      Toy: { type: "object", properties: { next: { $ref: "#/components/schemas/Toy" } } },
      Dog: { type: "object" },
    },
    parameters: { Page: { name: "page", in: "query", schema: { type: "integer" } } },
    responses: {
      Cats: {
        description: "OK",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Cat" } } },
      },
    },
    headers: { Unused: { schema: { type: "string" } } },
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
  },
};

describe("tags of the OpenAPI document, for /docs", () => {
  it("slugs a tag's name as Scalar did, so links to the one-page reference can be mapped", () => {
    expect(tagSlug("Events and webhooks")).toBe("events-and-webhooks");
    expect(tagSlug("Port-in")).toBe("port-in");
    expect(tagSlug("Reference data")).toBe("reference-data");
    expect(operationAnchor("get", "/inventory/{country}")).toBe("GET/inventory/{country}");
  });

  it("lists the tags in the document's order, then any only an operation names, each with its operations", () => {
    expect(tagsOf(small)).toEqual([
      {
        name: "Events and webhooks",
        slug: "events-and-webhooks",
        description: "Callbacks",
        operations: [{ method: "post", path: "/cats", summary: "Add a cat", anchor: "POST/cats" }],
      },
      {
        name: "Cats",
        slug: "cats",
        description: undefined,
        operations: [{ method: "get", path: "/cats", summary: "List cats", anchor: "GET/cats" }],
      },
      {
        name: "Dogs",
        slug: "dogs",
        operations: [{ method: "get", path: "/dogs", summary: "List dogs", anchor: "GET/dogs" }],
      },
    ]);
  });

  it("cuts a tag's operations with the components they reach, through every $ref, and the security schemes", () => {
    const cats = tagDocument(small, "cats")!;
    expect(cats.paths).toEqual({
      "/cats": { parameters: small.paths["/cats"].parameters, get: small.paths["/cats"].get },
    });
    expect(cats.tags).toEqual([{ name: "Cats" }]);
    expect(cats.components).toEqual({
      schemas: { Cat: small.components!.schemas.Cat, Toy: small.components!.schemas.Toy },
      parameters: small.components!.parameters,
      responses: small.components!.responses,
      securitySchemes: small.components!.securitySchemes,
    });
    expect(cats.info).toBe(small.info);
    expect(cats.servers).toBe(small.servers);
    expect(tagDocument(small, "events-and-webhooks")!.paths).toEqual({
      "/cats": { parameters: small.paths["/cats"].parameters, post: small.paths["/cats"].post },
    });
    expect(tagDocument(small, "birds")).toBeNull();
  });

  it("gives every tag of the API a valid document whose references all resolve, together covering every operation", async () => {
    const tags = tagsOf(full);
    expect(tags[0]).toMatchObject({ name: "Reference data", slug: "reference-data" });
    const covered: string[] = [];
    // One validator for every tag: each new one compiles the OpenAPI schema again.
    const validator = new Validator();
    for (const tag of tags) {
      const cut = tagDocument(full, tag.slug)!;
      const result = await validator.validate(structuredClone(cut) as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? [], tag.name).toEqual([]);
      for (const ref of refs(cut)) {
        const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref)!;
        expect(cut.components?.[kind]?.[name], `${tag.name}: ${ref}`).toBeDefined();
      }
      for (const [path, item] of Object.entries(cut.paths))
        for (const method of Object.keys(item)) covered.push(`${method} ${path}`);
      expect(JSON.stringify(cut).length).toBeLessThan(JSON.stringify(full).length);
    }
    const all = Object.entries(full.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(covered.sort()).toEqual(all.sort());
  });

  it("builds a tag's document once per process, and keeps nothing for a slug no tag has", () => {
    const first = getTagDocument("orders")!;
    expect(getTagDocument("orders")).toBe(first);
    expect(JSON.parse(first.body)).toEqual(first.document);
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    expect(Object.keys(first.document.paths)).toEqual(["/order", "/orders", "/orders/{reference_id}"]);
    expect(getTagDocument("no-such-tag")).toBeNull();
    expect(getDocsTags().map((tag) => tag.slug)).toContain("port-in");
  });
});
