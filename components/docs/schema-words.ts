// How /docs words a JSON Schema of the OpenAPI document: its type ("array of Country",
// "integer · int32") and its limits ("min 1", "max 1000", "one of true, false"), written
// out once here so the page and its tests read the same words.

export type Schema = Record<string, unknown>;
export type Components = Record<string, Schema>;

const REF = "#/components/schemas/";

/** The component a $ref names ("Country"), or null. */
export function refName(schema: Schema): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(REF) ? ref.slice(REF.length) : null;
}

/** The schema a $ref points at (with the referring schema's own description kept), else the schema. */
export function resolve(schema: Schema, components: Components): Schema {
  const name = refName(schema);
  if (name === null) return schema;
  const target = components[name] ?? {};
  return typeof schema.description === "string" ? { ...target, description: schema.description } : target;
}

const isNull = (schema: Schema) => schema.type === "null";
const isSchemaWithKeys = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && Object.keys(value).length > 0;

/** anyOf/oneOf alternatives, with a `null` one taken out (and reported as nullable). */
export function alternatives(schema: Schema): { options: Schema[]; nullable: boolean } | null {
  const list = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (!Array.isArray(list)) return null;
  return { options: list.filter((option) => !isNull(option)), nullable: list.some(isNull) };
}

/** "string", "integer · int32", "array of Country", "Country | null", "object". */
export function typeLabel(schema: Schema, components: Components): string {
  const name = refName(schema);
  if (name !== null) return name;
  const choice = alternatives(schema);
  if (choice) {
    const words = choice.options.map((option) => typeLabel(option, components));
    const unique = [...new Set(words)];
    return `${unique.join(" | ")}${choice.nullable ? " | null" : ""}`;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const words = types
    .filter((type): type is string => typeof type === "string")
    .map((type) => {
      if (type === "array") {
        const items = schema.items as Schema | undefined;
        return items ? `array of ${typeLabel(items, components)}` : "array";
      }
      return type;
    });
  const values = schema.additionalProperties as Schema | boolean | undefined;
  if (words.length === 1 && words[0] === "object" && !schema.properties && isSchemaWithKeys(values))
    return `map of ${typeLabel(values, components)}`;
  let label =
    words.join(" | ") ||
    (schema.properties ? "object" : schema.const !== undefined ? typeof schema.const : "any");
  if (typeof schema.format === "string") label += ` · ${schema.format}`;
  return label;
}

const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The limits a value must meet, each a short phrase: "min 1", "max length 200", "pattern ^\d+$". */
export function constraints(schema: Schema): string[] {
  const words: string[] = [];
  const add = (key: string, label: string) => {
    const value = schema[key];
    // zod's bound of a plain integer (±2^53 − 1) says nothing a reader needs.
    if (value !== undefined && !(typeof value === "number" && Math.abs(value) === Number.MAX_SAFE_INTEGER))
      words.push(`${label} ${shown(value)}`);
  };
  add("minimum", "min");
  add("exclusiveMinimum", "more than");
  add("maximum", "max");
  add("exclusiveMaximum", "less than");
  add("minLength", "min length");
  add("maxLength", "max length");
  add("minItems", "min items");
  add("maxItems", "max items");
  add("maxProperties", "max properties");
  if (schema.uniqueItems === true) words.push("unique items");
  add("pattern", "pattern");
  if (Array.isArray(schema.enum)) words.push(`one of ${schema.enum.map(shown).join(", ")}`);
  if (schema.const !== undefined) words.push(`always ${shown(schema.const)}`);
  add("default", "default");
  if (schema.readOnly === true) words.push("read-only");
  if (schema.writeOnly === true) words.push("write-only");
  return words;
}

/** The object's properties, required ones first as the document lists them, then the rest. */
export function propertiesOf(schema: Schema): Array<{ name: string; schema: Schema; required: boolean }> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const all = Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
  return [...all.filter((entry) => entry.required), ...all.filter((entry) => !entry.required)];
}

/** Whether a schema has parts to show beneath its type line (properties, items, alternatives, a map's values). */
export function hasChildren(schema: Schema, components: Components): boolean {
  const target = resolve(schema, components);
  if (target.properties) return true;
  const choice = alternatives(target);
  if (choice) return choice.options.some((option) => hasChildren(option, components));
  if (target.type === "array" && target.items) return hasChildren(target.items as Schema, components);
  const values = target.additionalProperties;
  return isSchemaWithKeys(values) && hasChildren(values, components);
}

export type FieldView = { label: string; limits: string[]; description: string | null; nested: boolean };

/**
 * What a field's line shows: its type, its limits and its description. Of alternatives, a
 * lone one (a nullable value) lends its limits and description; several plain ones each add
 * theirs ("string: pattern ^\d+$").
 */
export function fieldView(schema: Schema, components: Components): FieldView {
  const target = resolve(schema, components);
  const limits = constraints(target);
  let description = typeof target.description === "string" ? target.description : null;
  const choice = alternatives(target);
  if (choice?.options.length === 1) {
    const only = resolve(choice.options[0], components);
    limits.push(...constraints(only));
    description ??= typeof only.description === "string" ? only.description : null;
  } else if (choice)
    for (const option of choice.options.filter((candidate) => refName(candidate) === null)) {
      const own = constraints(option);
      if (own.length > 0) limits.push(`${typeLabel(option, components)}: ${own.join(", ")}`);
    }
  return {
    label: typeLabel(schema, components),
    limits,
    description,
    nested: hasChildren(schema, components),
  };
}
