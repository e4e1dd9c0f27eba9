// Each operation's code samples on /docs, in the three languages API users ask for: curl,
// JavaScript (fetch) and Python (requests). Built from the operation as the document states it:
// path parameters filled with their examples, the body with the operation's example, a token
// as $NUMBERS_API_TOKEN (or the session cookie, for the operations only a portal session may call).

export type SampleOperation = {
  method: string;
  path: string;
  /** The path parameters' examples by name; a parameter without one stays as {name}. */
  pathExamples: Record<string, unknown>;
  /** Required query parameters with examples, in the document's order. */
  queryExamples: Array<[string, unknown]>;
  /** The JSON body's example, if the operation takes JSON. */
  jsonBody?: unknown;
  /** The multipart form's fields (a file part by its name), if it takes a form. */
  formFields?: Array<{ name: string; file: boolean; example?: unknown }>;
  /** Whether an API token may call it (else only a signed-in portal session may). */
  bearer: boolean;
};

export type CodeSample = { language: "curl" | "JavaScript" | "Python"; code: string };

const TOKEN = "$NUMBERS_API_TOKEN";

/** The operation's URL under the API's base (origin + /api/v2), with its examples filled in. */
export function sampleUrl(base: string, operation: SampleOperation): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    operation.pathExamples[name] === undefined
      ? whole
      : encodeURIComponent(String(operation.pathExamples[name])),
  );
  const query = operation.queryExamples
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return `${base}${path}${query ? `?${query}` : ""}`;
}

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const fieldValue = (field: { example?: unknown }) =>
  typeof field.example === "string" ? field.example : JSON.stringify(field.example ?? "");

function curl(url: string, operation: SampleOperation): string {
  const method = operation.method.toUpperCase();
  const lines = [`curl ${singleQuoted(url)}`];
  if (method !== "GET") lines.push(`  --request ${method}`);
  lines.push(
    operation.bearer
      ? `  --header "Authorization: Bearer ${TOKEN}"`
      : `  --cookie "next-auth.session-token=<your portal session>"`,
  );
  // A write with the session cookie must say it comes from the portal's origin (as a browser does).
  if (!operation.bearer && method !== "GET")
    lines.push(`  --header ${singleQuoted(`Origin: ${new URL(url).origin}`)}`);
  if (operation.jsonBody !== undefined) {
    lines.push(`  --header 'Content-Type: application/json'`);
    lines.push(`  --data ${singleQuoted(JSON.stringify(operation.jsonBody, null, 2))}`);
  }
  for (const field of operation.formFields ?? [])
    lines.push(
      field.file
        ? `  --form '${field.name}=@${field.name}.pdf'`
        : `  --form ${singleQuoted(`${field.name}=${fieldValue(field)}`)}`,
    );
  return lines.join(" \\\n");
}

function javascript(url: string, operation: SampleOperation): string {
  const method = operation.method.toUpperCase();
  const options: string[] = [];
  if (method !== "GET") options.push(`  method: "${method}",`);
  const headers: string[] = [];
  if (operation.bearer) headers.push("    Authorization: `Bearer ${process.env.NUMBERS_API_TOKEN}`,");
  if (operation.jsonBody !== undefined) headers.push(`    "Content-Type": "application/json",`);
  if (headers.length > 0) options.push("  headers: {", ...headers, "  },");
  // A portal-session-only operation works from the portal's own pages, where the cookie goes along.
  if (!operation.bearer) options.push(`  credentials: "same-origin",`);
  const lines: string[] = [];
  if (operation.formFields) {
    lines.push("const form = new FormData();");
    for (const field of operation.formFields)
      lines.push(
        field.file
          ? `form.append("${field.name}", fileInput.files[0]);`
          : `form.append("${field.name}", ${JSON.stringify(fieldValue(field))});`,
      );
    options.push("  body: form,");
  }
  if (operation.jsonBody !== undefined)
    options.push(
      `  body: JSON.stringify(${JSON.stringify(operation.jsonBody, null, 2).replace(/\n/g, "\n  ")}),`,
    );
  lines.push(
    `const response = await fetch(${JSON.stringify(url)}${options.length ? `, {\n${options.join("\n")}\n}` : ""});`,
  );
  lines.push("console.log(response.status, await response.text());");
  return lines.join("\n");
}

/** A JSON value as Python source: True, False and None for true, false and null (never inside strings). */
export function pythonLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value))
    return value.length === 0
      ? "[]"
      : `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(",\n")},\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0
    ? "{}"
    : `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`).join(",\n")},\n${indent}}`;
}

function python(url: string, operation: SampleOperation): string {
  const lines = ["import os", "import requests", ""];
  const args = [JSON.stringify(url)];
  if (operation.bearer) args.push(`headers={"Authorization": f"Bearer {os.environ['NUMBERS_API_TOKEN']}"}`);
  else args.push(`cookies={"next-auth.session-token": "<your portal session>"}`);
  if (operation.jsonBody !== undefined) args.push(`json=${pythonLiteral(operation.jsonBody, "")}`);
  if (operation.formFields) {
    const files = operation.formFields.filter((field) => field.file);
    const data = operation.formFields.filter((field) => !field.file);
    if (data.length > 0)
      args.push(
        `data={${data.map((field) => `${JSON.stringify(field.name)}: ${JSON.stringify(fieldValue(field))}`).join(", ")}}`,
      );
    if (files.length > 0)
      args.push(
        `files={${files.map((field) => `${JSON.stringify(field.name)}: open("${field.name}.pdf", "rb")`).join(", ")}}`,
      );
  }
  lines.push(
    `response = requests.${operation.method.toLowerCase()}(`,
    ...args.map((arg) => `    ${arg.replace(/\n/g, "\n    ")},`),
    ")",
  );
  lines.push("print(response.status_code, response.text)");
  return lines.join("\n");
}

/** curl, JavaScript and Python for one operation, against `base` (the API's URL: origin + /api/v2). */
export function codeSamples(base: string, operation: SampleOperation): CodeSample[] {
  const url = sampleUrl(base, operation);
  return [
    { language: "curl", code: curl(url, operation) },
    { language: "JavaScript", code: javascript(url, operation) },
    { language: "Python", code: python(url, operation) },
  ];
}
