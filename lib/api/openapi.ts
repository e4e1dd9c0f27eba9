// The OpenAPI 3.1 document, generated from the endpoint registry and the zod schemas the
// routes parse with: nothing here restates a field, so the document cannot drift from the API.
import { z } from "zod";
import { endpoints, splitKey, type EndpointDefinition } from "@/lib/api/registry";
import { errorBodySchema, errorStatus, type ErrorCode } from "@/lib/errors";
import { scopeDescriptions, scopes } from "@/lib/schemas/scopes";
import { requiredPermissions } from "@/lib/api/permissions";
import { roleMay, rolesThatMay } from "@/lib/auth/roles";
import { roles } from "@/lib/schemas/roles";
import { documentedShapes, PARAMETER_SCHEMA_KEY } from "@/lib/schemas/common";
import { exampleOf } from "@/lib/api/openapi-examples";

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const REF_PREFIX = "#/components/schemas/";

/** Converts a schema, moving every schema with a meta id into components. */
function convert(
  schema: z.ZodType,
  io: "input" | "output",
  components: Components,
  keepMeanings = false,
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    reused: "inline",
    override: (context) => {
      // A schema checked by hand shows the shape it checks (lib/schemas/common.ts documentedShapes).
      const shown = documentedShapes.get(context.zodSchema);
      if (!shown) return;
      const json = context.jsonSchema as JsonSchema;
      for (const key of Object.keys(json)) delete json[key];
      Object.assign(json, convert(shown, io, components));
    },
  }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Components;
  delete json.$defs;
  delete json.$schema;
  const renames = new Map<string, string>();
  for (const [id, def] of Object.entries(defs)) {
    // A schema whose input differs from its output (defaults, transforms) gets its own name.
    const existing = components[id];
    const name =
      existing &&
      JSON.stringify(existing) !== JSON.stringify(documented(rewriteRefs(def, renames), false)) &&
      io === "input"
        ? `${id}Input`
        : id;
    renames.set(id, name);
  }
  for (const [id, def] of Object.entries(defs))
    components[renames.get(id) ?? id] ??= documented(rewriteRefs(def, renames), false);
  return documented(rewriteRefs(json, renames), keepMeanings);
}

const INT32 = 2 ** 31;

/**
 * What a client reads where zod's JSON says less than the server checks: a field documented as
 * what it means (lib/schemas/common.ts documentedAs) reads as that in a body as in a parameter,
 * and an integer says whether it fits 32 bits.
 */
function documented<T>(value: T, keepMeanings: boolean): T {
  if (Array.isArray(value)) return value.map((item) => documented(item, keepMeanings)) as T;
  if (!value || typeof value !== "object") return value;
  const node: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) node[key] = documented(item, keepMeanings);
  const meaning = node[PARAMETER_SCHEMA_KEY] as JsonSchema | undefined;
  // Parameters keep both (parameters() picks, with explode); in a body the meaning replaces the string's schema.
  if (meaning && !keepMeanings) {
    const { explode: _explode, ...schema } = meaning;
    return (
      typeof node.description === "string" ? { ...schema, description: node.description } : schema
    ) as T;
  }
  if (node.type === "integer" && node.format === undefined) {
    const min = typeof node.minimum === "number" ? node.minimum : -Infinity;
    const max = typeof node.maximum === "number" ? node.maximum : Infinity;
    node.format = min >= -INT32 && max < INT32 ? "int32" : "int64";
  }
  return node as T;
}

function rewriteRefs<T>(value: T, renames: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith("#/$defs/")) {
        const id = item.slice("#/$defs/".length);
        out.$ref = REF_PREFIX + (renames.get(id) ?? id);
      } else out[key] = rewriteRefs(item, renames);
    }
    return out as T;
  }
  return value;
}

/** An object schema's properties as OpenAPI parameters. */
function parameters(
  schema: z.ZodType | undefined,
  location: "path" | "query",
  components: Components,
): JsonSchema[] {
  if (!schema) return [];
  const json = convert(schema, "input", components, true);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    // A parameter documented as what it means (lib/schemas/common.ts documentedAs) replaces
    // the schema of the string it arrives as.
    const { [PARAMETER_SCHEMA_KEY]: documented, description, ...parsed } = property;
    const { description: meaning, examples, explode, ...rest } = (documented ?? parsed) as JsonSchema;
    const parameter: JsonSchema = {
      name,
      in: location,
      required: location === "path" || required.has(name),
      schema: rest,
    };
    const text = [description, meaning].filter((part) => typeof part === "string").join(" ");
    if (text !== "") parameter.description = text;
    if (Array.isArray(examples)) parameter.example = examples[0];
    if (typeof explode === "boolean") parameter.explode = explode;
    else if (rest.type === "array") parameter.explode = true;
    return parameter;
  });
}

// Every answer carries these (lib/api/responses.ts withStandardHeaders); the rate-limit pair
// once the caller is known, so an error the wrapper gives before that (a refused token, a
// database that cannot be reached) may lack them. Declared once in components.headers and
// referred to from every response, so the document does not repeat them 400 times.
const UNTIL_KNOWN = " Absent when the answer came before the caller was known (a refused token).";
const rateLimitSchema = { type: "string", maxLength: 200 };
const headerComponents = {
  "X-Request-Id": {
    description: "The caller's X-Request-Id when it sent a safe one, else a new id.",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9._:\\-]{1,128}$", maxLength: 128 },
  },
  "Access-Control-Allow-Origin": {
    description: "Bearer requests are allowed from any origin, never with credentials.",
    required: true,
    schema: { type: "string", const: "*" },
  },
  RateLimit: {
    description: "IETF RateLimit header: the remaining requests of the current window.",
    required: true,
    schema: rateLimitSchema,
  },
  "RateLimit-Policy": {
    description: "IETF RateLimit-Policy header: the quota and window of this token's budget.",
    required: true,
    schema: rateLimitSchema,
  },
  "RateLimit-IfKnown": {
    description: `IETF RateLimit header: the remaining requests of the current window.${UNTIL_KNOWN}`,
    schema: rateLimitSchema,
  },
  "RateLimit-Policy-IfKnown": {
    description: `IETF RateLimit-Policy header: the quota and window of this token's budget.${UNTIL_KNOWN}`,
    schema: rateLimitSchema,
  },
};

const headerRef = (name: keyof typeof headerComponents) => ({ $ref: `#/components/headers/${name}` });
const successHeaders = {
  "X-Request-Id": headerRef("X-Request-Id"),
  "Access-Control-Allow-Origin": headerRef("Access-Control-Allow-Origin"),
  RateLimit: headerRef("RateLimit"),
  "RateLimit-Policy": headerRef("RateLimit-Policy"),
};
const errorHeaders = {
  "X-Request-Id": headerRef("X-Request-Id"),
  "Access-Control-Allow-Origin": headerRef("Access-Control-Allow-Origin"),
  RateLimit: headerRef("RateLimit-IfKnown"),
  "RateLimit-Policy": headerRef("RateLimit-Policy-IfKnown"),
};

const responseHeaderDocs = {
  "X-Total-Count": {
    description: "How many items match, across all pages.",
    schema: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
  Link: { description: 'RFC 8288 links to the rel="next" and rel="prev" pages.', schema: { type: "string" } },
  ETag: {
    description: "The configuration's version: send it back in If-Match to change it.",
    schema: { type: "string" },
  },
  Location: {
    description: "Where to follow what was started: the new resource's URL (GET it for its progress).",
    required: true,
    schema: { type: "string", format: "uri-reference" },
  },
};

// Every download (a file, a CSV export) is an attachment no browser or proxy keeps.
const downloadHeaderDocs = {
  "Content-Disposition": {
    description: 'attachment; filename="…": save it, never render it as a page.',
    required: true,
    schema: { type: "string", pattern: "^attachment; filename=" },
  },
  "Cache-Control": {
    description: "no-store: it holds your organization's data, so nothing may keep a copy.",
    required: true,
    schema: { type: "string", const: "no-store" },
  },
};

const deprecationHeaderDocs = {
  Deprecation: {
    description: "RFC 9745: when the endpoint was deprecated (@epoch-seconds).",
    schema: { type: "string" },
  },
  Sunset: { description: "RFC 8594: when the endpoint will be removed.", schema: { type: "string" } },
};

function errorCodesFor(definition: EndpointDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>(definition.errors ?? []);
  codes.add("unauthorized");
  if (definition.scope !== null) codes.add("insufficient_scope");
  if (requiredPermissions(definition).some((permission) => !roles.every((role) => roleMay(role, permission))))
    codes.add("role_forbidden");
  if (definition.params || definition.query || definition.body || definition.multipartBody)
    codes.add("invalid_parameter");
  if (definition.body || definition.multipartBody)
    ["payload_too_large", "unsupported_media_type"].forEach((code) => codes.add(code as ErrorCode));
  if (definition.badge === "draft" || definition.badge === "coming_soon") codes.add("not_implemented");
  codes.add("rate_limited");
  codes.add("internal_error");
  codes.add("service_unavailable");
  return [...codes];
}

function errorResponses(definition: EndpointDefinition): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesFor(definition))
    byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const out: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, unknown> = { ...errorHeaders };
    if (status === 429)
      headers["Retry-After"] = {
        description: "Seconds until the budget refills.",
        required: true,
        schema: { type: "integer", minimum: 0, maximum: 86400 },
      };
    if (status === 503)
      headers["Retry-After"] = {
        description: definition.multipartBody
          ? "Seconds to wait before retrying: the database cannot be reached just now, or this server is already receiving as many uploads as it takes at once."
          : "Seconds to wait before retrying: the database cannot be reached just now.",
        schema: { type: "integer", minimum: 0, maximum: 86400 },
      };
    if (status === 412 || status === 428) headers.ETag = responseHeaderDocs.ETag;
    out[String(status)] = {
      description: `error.code: ${codes.join(", ")}`,
      headers,
      content: {
        "application/json": {
          schema: { $ref: `${REF_PREFIX}Error` },
          examples: Object.fromEntries(
            codes.map((code) => [
              code,
              { value: { message: "…", error: { message: "…", details: "…", code } } },
            ]),
          ),
        },
      },
    };
  }
  return out;
}

/** The reference's groups, in order; an endpoint's first path segment picks its group unless it names one. */
const tagGroups: ReadonlyArray<{ name: string; description: string; segments: readonly string[] }> = [
  {
    name: "Reference data",
    description: "Countries, number types, document types, regions and where calls may be forwarded.",
    segments: ["countries", "number_types", "document_types", "regions", "destinations"],
  },
  {
    name: "Inventory",
    description: "Numbers for sale, searched by digits, region, capabilities and documents.",
    segments: ["inventory"],
  },
  {
    name: "Products",
    description: "What a number costs, by country, number type and region.",
    segments: ["products"],
  },
  {
    name: "Orders",
    description: "Buying numbers, and following orders and back-orders.",
    segments: ["order", "orders"],
  },
  {
    name: "Numbers",
    description: "How your numbers and extensions handle calls.",
    segments: ["numbers", "extension", "extensions"],
  },
  {
    name: "Reservations",
    description: "Holding numbers for a while before buying them.",
    segments: ["reservations"],
  },
  {
    name: "Tokens",
    description: "API tokens, managed from a signed-in portal session (never with a token).",
    segments: ["tokens"],
  },
  {
    name: "Cart",
    description: "The portal's cart: each signed-in person's own (never with a token).",
    segments: ["cart"],
  },
  {
    name: "Account security",
    description:
      "Your password, two-factor sign-in, signing out everywhere, and your organization's settings (never with a token).",
    segments: ["sessions", "password", "two-factor", "organization"],
  },
  {
    name: "Members",
    description:
      "Who belongs to your organization, with which role, and invitations to join it (changes need an owner's or admin's portal session).",
    segments: ["members", "invitations"],
  },
  {
    name: "Organizations",
    description: "Every organization's name, for support users.",
    segments: ["organizations"],
  },
  {
    name: "Events and webhooks",
    description: "What happened to your orders, numbers and holds, by polling or by signed callbacks.",
    segments: ["events", "webhooks"],
  },
  {
    name: "Audit log",
    description: "Who changed what in your organization, when and from where; kept one year.",
    segments: ["audit-events"],
  },
  {
    name: "Accounts",
    description: "Signing up, verifying an email and resetting a password (no token needed).",
    segments: ["signup", "verification", "password-reset"],
  },
  {
    name: "Compliance",
    description:
      "What numbers require, and the end users, addresses, documents and bundles that meet it, reviewed by support.",
    segments: ["requirements", "end_users", "addresses", "documents", "bundles"],
  },
  {
    name: "Jobs",
    description: "Long-running work on many numbers at once, followed and cancelled by its id.",
    segments: ["jobs"],
  },
  {
    name: "Billing",
    description:
      "Billing accounts per currency, the ledger of charges, payments and credits, invoices and their PDFs, the billing profile (VAT) and balance alerts.",
    segments: ["billing", "invoices"],
  },
  {
    name: "Port-in",
    description: "Bringing numbers held at another carrier: port orders and their letter of authorization.",
    segments: ["port_orders", "loa_signatures"],
  },
  { name: "Meta", description: "The API's description of itself.", segments: ["openapi.json"] },
];

// Lifecycle badges as Scalar's x-badges shows them on /docs (x-badge keeps the bare value).
const badgeLabels = {
  stable: "Stable",
  draft: "Draft",
  coming_soon: "Coming Soon",
  deprecated: "Deprecated",
} as const;
const badgeColors = {
  stable: "#1d6b3a",
  draft: "#6b4e00",
  coming_soon: "#2d5fa8",
  deprecated: "#a12b2b",
} as const;

function tagOf(path: string, definition: EndpointDefinition): string {
  const segment = path.split("/")[1];
  return definition.tag ?? tagGroups.find((group) => group.segments.includes(segment))?.name ?? segment;
}

function securityOf(definition: EndpointDefinition): JsonSchema[] {
  if (definition.auth === "session") return [{ session: [] }];
  if (definition.scope === null) return [{}, { bearerAuth: [] }, { session: [] }];
  return [{ bearerAuth: [definition.scope] }, { session: [] }];
}

function describe(definition: EndpointDefinition, badge: string): string {
  const lines = [`${definition.summary}.`];
  if (definition.auth === "session")
    lines.push("Needs a signed-in portal session: API tokens cannot call it.");
  else if (definition.scope)
    lines.push(`Needs a token with the \`${definition.scope}\` scope, or a signed-in portal session.`);
  else lines.push("Needs no token; a token that is sent must be valid.");
  const limited = requiredPermissions(definition).filter(
    (permission) => !roles.every((role) => roleMay(role, permission)),
  );
  for (const permission of limited)
    lines.push(
      definition.auth === "session"
        ? `Needs ${rolesThatMay(permission)}.`
        : `Needs ${rolesThatMay(permission)} (a token is capped by its creator's role).`,
    );
  if (definition.supportScope)
    lines.push(
      `Support may call it for any organization's resource with the \`${definition.supportScope}\` scope.`,
    );
  if (badge === "draft" || badge === "coming_soon")
    lines.push(
      `Lifecycle: ${badge === "draft" ? "Draft" : "Coming Soon"}; it answers 501 not_implemented for now.`,
    );
  if (badge === "deprecated")
    lines.push(
      "Lifecycle: Deprecated; it works, and says when it goes in the Deprecation and Sunset headers.",
    );
  return lines.join(" ");
}

function operation(key: string, definition: EndpointDefinition, components: Components): JsonSchema {
  const { method, path } = splitKey(key);
  const headers: Record<string, unknown> = { ...successHeaders };
  for (const name of definition.responseHeaders ?? []) headers[name] = responseHeaderDocs[name];
  if (definition.badge === "deprecated")
    Object.assign(headers, deprecationHeaderDocs, {
      Link: {
        description: 'rel="deprecation": where the replacement is described.',
        schema: { type: "string" },
      },
    });
  const requestHeaders = Object.entries(definition.requestHeaders ?? {}).map(([name, header]) => ({
    name,
    in: "header",
    required: header.required ?? false,
    description: header.description,
    schema: convert(header.schema, "input", components),
  }));
  const badge = definition.badge ?? "stable";
  const op: JsonSchema = {
    // An identifier every generator can use as a function name: getTwoFactor, getOpenapiJson.
    operationId: `${method.toLowerCase()}${path
      .replace(/\{([^}]+)\}/g, "By_$1")
      .split(/[/_.-]/)
      .filter(Boolean)
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join("")}`,
    summary: definition.summary,
    description: describe(definition, badge),
    tags: [tagOf(path, definition)],
    "x-badge": badge,
    "x-badges": [{ name: badgeLabels[badge], position: "after", color: badgeColors[badge] }],
    parameters: [
      ...parameters(definition.params, "path", components),
      ...parameters(definition.query, "query", components),
      ...requestHeaders,
    ],
    security: securityOf(definition),
    responses: {
      [String(definition.status ?? 200)]: successResponse(definition, headers, components),
      ...errorResponses(definition),
    },
  };
  if (badge === "deprecated") op.deprecated = true;
  if (definition.body)
    op.requestBody = {
      required: true,
      content: { "application/json": requestContent(definition.body, components) },
    };
  if (definition.multipartBody)
    op.requestBody = {
      required: true,
      content: { "multipart/form-data": multipartContent(definition.multipartBody, components) },
    };
  return op;
}

/** A body's schema, and the first example its zod schema carries as the operation's example. */
function requestContent(body: z.ZodType, components: Components): JsonSchema {
  const examples = body.meta()?.examples;
  const content: JsonSchema = { schema: convert(body, "input", components) };
  if (Array.isArray(examples) && examples.length > 0) content.example = examples[0];
  return content;
}

/** A form's schema, and each file part's allowed media types as its `encoding`. */
function multipartContent(
  form: NonNullable<EndpointDefinition["multipartBody"]>,
  components: Components,
): JsonSchema {
  return {
    schema: convert(form.schema, "input", components),
    encoding: Object.fromEntries(
      Object.entries(form.files).map(([name, types]) => [name, { contentType: types.join(", ") }]),
    ),
  };
}

const successPhrases = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content" } as const;

function successResponse(
  definition: EndpointDefinition,
  headers: Record<string, unknown>,
  components: Components,
): JsonSchema {
  const status = definition.status ?? 200;
  if (status === 204) return { description: successPhrases[status], headers };
  const { file, text } = definition;
  if (file) {
    const schema = { type: "string", format: "binary", description: file.description };
    return {
      description: successPhrases[status],
      headers: { ...headers, ...downloadHeaderDocs },
      content: Object.fromEntries(file.types.map((type) => [type, { schema }])),
    };
  }
  if (text)
    return {
      description: successPhrases[status],
      headers: { ...headers, ...downloadHeaderDocs },
      content: {
        [text.type]: { schema: { type: "string", description: text.description }, example: text.example },
      },
    };
  return {
    description: successPhrases[status],
    headers,
    content: {
      "application/json": {
        schema: convert(definition.response, "output", components),
        example: exampleOf(definition.response),
      },
    },
  };
}

export function buildOpenApiDocument(registry: Record<string, EndpointDefinition> = endpoints): JsonSchema {
  const components: Components = {};
  convert(errorBodySchema, "output", components); // registers components.Error
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedTags = new Set<string>();
  for (const [key, definition] of Object.entries(registry)) {
    const { method, path } = splitKey(key);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation(key, definition, components);
    usedTags.add(tagOf(path, definition));
  }
  const tags = [
    ...tagGroups
      .filter((group) => usedTags.has(group.name))
      .map(({ name, description }) => ({ name, description })),
    ...[...usedTags]
      .filter((name) => !tagGroups.some((group) => group.name === name))
      .map((name) => ({ name })),
  ];
  return {
    openapi: "3.1.0",
    info: {
      title: "Numbers API",
      version: "2.0.0",
      description: "Find, compare and buy telephone numbers, and read how each number routes its calls.",
      // No url: the service does not know its public address when the document is built.
      contact: { name: "Numbers portal API support, from the portal that serves this document (/docs)" },
    },
    servers: [
      {
        url: "/api/v2",
        description: "This service, production: the portal's own origin",
        "x-internal": false,
      },
    ],
    security: [{ bearerAuth: [] }],
    tags,
    // Headers are written here, not converted from zod: they get their integer formats the same way.
    paths: documented(paths, true),
    components: {
      schemas: components,
      headers: headerComponents,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: `API tokens from the portal's Tokens page. Scopes: ${scopes.map((scope) => `${scope} (${scopeDescriptions[scope]})`).join("; ")}.`,
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The portal's signed-in session; writes must come from the portal's origin.",
        },
      },
    },
  };
}

let cached: JsonSchema | undefined;

/** The document for this process: the registry does not change while it runs. */
export function getOpenApiDocument(): JsonSchema {
  cached ??= buildOpenApiDocument();
  return cached;
}
