// The parts of an OpenAPI 3.1 document the docs page reads.
export type SchemaObject = {
  type?: string | string[];
  $ref?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
  readOnly?: boolean;
};

export type Parameter = { name: string; in: string; required: boolean; description?: string; schema: SchemaObject };

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  "x-badge": "stable" | "draft" | "coming_soon" | "deprecated";
  deprecated?: boolean;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: SchemaObject } } };
  responses: Record<string, { description: string; headers?: Record<string, { description: string }>; content?: { "application/json"?: { schema: SchemaObject } } }>;
};

export type OpenApiDocument = {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaObject> };
};

/** A short type label for a schema: "string", "Country[]", "integer | null". */
export function typeLabel(schema: SchemaObject | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "";
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).map(typeLabel).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${typeLabel(schema.items)}[]`;
  return type ?? "object";
}
