// Contract testing: every response an API test receives is checked against the OpenAPI
// document's schema for its path, method and status. A field the document does not allow,
// a missing one, or an undocumented status fails the test that made the request.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { getOpenApiDocument } from "@/lib/api/openapi";

type Operation = {
  responses: Record<string, { content?: { "application/json"?: { schema: unknown }; "text/csv"?: object } }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const document = getOpenApiDocument() as unknown as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: "openapi.json", components: document.components });

const compiled = new Map<string, ValidateFunction>();

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === "$ref" && typeof item === "string" ? `openapi.json${item}` : rewriteRefs(item),
      ]),
    );
  }
  return value;
}

/** The document's path template ("/regions/{country}") that a concrete path matches. */
function templateFor(pathname: string): string | null {
  const parts = pathname.split("/").filter(Boolean);
  const templates = Object.keys(document.paths).filter((template) => {
    const segments = template.split("/").filter(Boolean);
    return (
      segments.length === parts.length &&
      segments.every((segment, i) => segment.startsWith("{") || segment === parts[i])
    );
  });
  // Prefer the template with the most literal segments, as the router does.
  templates.sort(
    (a, b) =>
      b.split("/").filter((s) => !s.startsWith("{")).length -
      a.split("/").filter((s) => !s.startsWith("{")).length,
  );
  return templates[0] ?? null;
}

/**
 * A response's body as the document types it: text where the operation answers text/csv (a
 * CSV export) with that content type, else JSON, so any other non-JSON answer still throws.
 */
export function parseBody(method: string, pathname: string, response: Response, text: string): unknown {
  if (text === "") return null;
  const template = templateFor(pathname);
  const content = template
    ? document.paths[template][method.toLowerCase()]?.responses[String(response.status)]?.content
    : undefined;
  if (content?.["text/csv"] && response.headers.get("content-type")?.startsWith("text/csv")) return text;
  return JSON.parse(text);
}

/**
 * Throws when a response does not match the document. Paths with no endpoint (404) and wrong
 * methods (405) are checked against the error schema.
 */
export function assertMatchesContract(method: string, pathname: string, status: number, body: unknown): void {
  const template = templateFor(pathname);
  const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
  let schema: unknown;
  let key: string;
  if (!operation) {
    if (status !== 404 && status !== 405 && status !== 204)
      throw new Error(
        `contract: ${method} ${pathname} is not in the OpenAPI document but answered ${status}`,
      );
    if (status === 204) return;
    key = "error";
    schema = { $ref: "#/components/schemas/Error" };
  } else {
    const response = operation.responses[String(status)];
    if (!response)
      throw new Error(`contract: ${method} ${template} answered ${status}, which the document does not list`);
    key = `${method} ${template} ${status}`;
    schema = response.content?.["application/json"]?.schema;
    if (!schema) return;
  }
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema) as object);
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || "/"} ${error.message}`)
      .join("; ");
    throw new Error(`contract: ${method} ${pathname} → ${status} does not match the document: ${errors}`);
  }
}
