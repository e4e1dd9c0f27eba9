// The OpenAPI document cut by tag, for /docs: one page and one document per tag, so what a
// visitor waits for grows with the tag, never with the whole API. A tag's document is the
// full one with only that tag's operations and the components they refer to (followed through
// every $ref), so it is valid on its own and a request client can load it as it is.
import { createHash } from "node:crypto";
import { getOpenApiDocument } from "@/lib/api/openapi";

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & {
  info: Json & { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  /** Each path's operations by method, beside any path-level fields (shared parameters). */
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export type TagSummary = {
  name: string;
  slug: string;
  description?: string;
  operations: Array<{ method: string; path: string; summary: string; anchor: string }>;
};

/** "Events and webhooks" → "events-and-webhooks" (the slug Scalar gave the same tag, so old links map). */
export function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/\s+/g, "-");
}

/** An operation's anchor on its tag's page: "GET/inventory/{country}", as Scalar's links ended. */
export function operationAnchor(method: string, path: string): string {
  return `${method.toUpperCase()}${path}`;
}

function operationsOf(document: OpenApiDocument): Array<{ method: string; path: string; operation: Json }> {
  const found: Array<{ method: string; path: string; operation: Json }> = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      if (isMethod(method)) found.push({ method, path, operation: operation as Json });
  return found;
}

const isMethod = (key: string) => (HTTP_METHODS as readonly string[]).includes(key);
const firstTag = (operation: Json) => ((operation.tags as string[] | undefined) ?? [])[0];

/** The document's tags in its order (then any an operation names that the list lacks), with their operations. */
export function tagsOf(document: OpenApiDocument): TagSummary[] {
  const tags = new Map<string, TagSummary>();
  for (const { name, description } of document.tags ?? [])
    tags.set(name, { name, slug: tagSlug(name), description, operations: [] });
  for (const { method, path, operation } of operationsOf(document)) {
    const name = firstTag(operation) ?? "default";
    if (!tags.has(name)) tags.set(name, { name, slug: tagSlug(name), operations: [] });
    tags.get(name)!.operations.push({
      method,
      path,
      summary: String(operation.summary ?? `${method.toUpperCase()} ${path}`),
      anchor: operationAnchor(method, path),
    });
  }
  return [...tags.values()].filter((tag) => tag.operations.length > 0);
}

/** Every "#/components/<kind>/<name>" reference under `value`. */
function references(value: unknown, found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) for (const item of value) references(item, found);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") {
        const match = /^#\/components\/([^/]+)\/(.+)$/.exec(item);
        if (match) found.push([match[1], match[2].replace(/~1/g, "/").replace(/~0/g, "~")]);
      } else references(item, found);
    }
  return found;
}

/**
 * The document with only the operations of the tag whose slug is given, the components they
 * reach and the security schemes (every operation may name them); null when no operation has it.
 */
export function tagDocument(document: OpenApiDocument, slug: string): OpenApiDocument | null {
  const tag = tagsOf(document).find((candidate) => candidate.slug === slug);
  if (!tag) return null;
  const paths: OpenApiDocument["paths"] = {};
  for (const { method, path, operation } of operationsOf(document)) {
    if ((firstTag(operation) ?? "default") !== tag.name) continue;
    // Path-level fields (shared parameters, a summary) travel with the operations that keep the path.
    paths[path] ??= Object.fromEntries(
      Object.entries(document.paths[path]).filter(([key]) => !isMethod(key)),
    );
    paths[path][method] = operation;
  }
  const components = document.components ?? {};
  const kept: Record<string, Record<string, unknown>> = {};
  const pending = references(paths);
  while (pending.length > 0) {
    const [kind, name] = pending.pop()!;
    if (kept[kind]?.[name] !== undefined || components[kind]?.[name] === undefined) continue;
    (kept[kind] ??= {})[name] = components[kind][name];
    references(components[kind][name], pending);
  }
  if (components.securitySchemes) kept.securitySchemes = components.securitySchemes;
  // Components in the full document's order, so a tag's document reads like a slice of it.
  const ordered = Object.fromEntries(
    Object.entries(components)
      .filter(([kind]) => kept[kind])
      .map(([kind, all]) => [
        kind,
        Object.fromEntries(
          Object.keys(all)
            .filter((name) => name in kept[kind])
            .map((name) => [name, all[name]]),
        ),
      ]),
  );
  return {
    ...document,
    tags: (document.tags ?? []).filter((candidate) => candidate.name === tag.name),
    paths,
    components: ordered,
  };
}

type Served = { document: OpenApiDocument; body: string; etag: string };
let cache: { document: OpenApiDocument; tags: TagSummary[]; served: Map<string, Served> } | undefined;

function cached() {
  const document = getOpenApiDocument() as OpenApiDocument;
  if (cache?.document !== document) cache = { document, tags: tagsOf(document), served: new Map() };
  return cache;
}

/** This process's document's tags (the registry does not change while it runs). */
export function getDocsTags(): TagSummary[] {
  return cached().tags;
}

/** A tag's document, its JSON and a strong ETag, built once per process; null for a slug no tag has. */
export function getTagDocument(slug: string): Served | null {
  const { document, tags, served } = cached();
  // Only slugs of real tags are kept: any other path segment a visitor types is not.
  if (!tags.some((tag) => tag.slug === slug)) return null;
  let found = served.get(slug);
  if (!found) {
    const cut = tagDocument(document, slug)!;
    const body = JSON.stringify(cut);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    found = { document: cut, body, etag };
    served.set(slug, found);
  }
  return found;
}
