import { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/errors";

export type Location = "path" | "query" | "body";

type DeclaredHeaders = Readonly<Record<string, { schema: z.ZodType }>>;

/** The declared request headers, each parsed by its schema; an absent one is undefined. */
export function parseHeaders(declared: DeclaredHeaders, headers: Headers): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, { schema }] of Object.entries(declared)) {
    const raw = headers.get(name);
    if (raw === null) continue;
    const result = schema.safeParse(raw);
    // Header values can be long and are echoed: 80 characters say which one it was.
    if (!result.success)
      throw new ApiError(
        "invalid_parameter",
        result.error.issues[0].message,
        `header.${name.toLowerCase()}=${raw.slice(0, 80)}`,
      );
    parsed[name] = result.data;
  }
  return parsed;
}

/** Query string → object; a key given more than once becomes an array. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** Parses with a zod schema; the first issue becomes the API's 400 body. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: Location,
): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw issueToApiError(result.error.issues[0], location);
  const nul = findNul(input);
  if (nul !== null) {
    const where = [location, ...nul.path].join(".");
    throw new ApiError(
      "invalid_parameter",
      `${nul.path.join(".") || location} must not contain the NUL character (U+0000)`,
      `${where}=${describeInput(nul.value)}`,
    );
  }
  return result.data;
}

// PostgreSQL text cannot hold U+0000: a string with one that a schema let through would fail
// in the database as a 500. Found by fuzzing (a number_id of "%00"). Walked with a stack and
// parent links, so any depth costs time and memory in proportion to the input's size.
type Visit = { value: unknown; key: string | null; parent: Visit | null };

function findNul(input: unknown): { path: string[]; value: string } | null {
  const pathOf = (visit: Visit | null): string[] => {
    const path: string[] = [];
    // Stryker disable next-line ConditionalExpression: only the root has no parent, and its key is null, so the walk stops there first
    for (let at = visit; at !== null && at.key !== null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Visit[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (typeof visit.value === "string") {
      if (visit.value.includes("\u0000")) return { path: pathOf(visit), value: visit.value };
    } else if (visit.value !== null && typeof visit.value === "object") {
      for (const [key, item] of Object.entries(visit.value)) {
        if (key.includes("\u0000")) return { path: [...pathOf(visit), key], value: key };
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

// Schemas may carry a code in an issue's params (`{ params: { code: "unknown_country" } }`)
// when "invalid" is more specific than invalid_parameter.
function issueToApiError(issue: z.core.$ZodIssue, location: Location): ApiError {
  if (issue.code === "unrecognized_keys") {
    const names = issue.keys.join(", ");
    const where = [location, ...issue.path.map(String), issue.keys[0]].join(".");
    return new ApiError("invalid_parameter", `unknown ${location} parameter: ${names}`, where);
  }
  const field = issue.path.map(String).join(".");
  const where = field === "" ? location : `${location}.${field}`;
  // Stryker disable next-line ConditionalExpression: zod gives params only to custom issues; the check says where codes come from
  const custom = issue.code === "custom" ? (issue.params?.code as ErrorCode | undefined) : undefined;
  const code = custom ?? "invalid_parameter";
  // A message about the whole input (field "") starts with "" and is kept as it is.
  const message = issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  const shown = isSecretName(issue.path.at(-1)) ? NOT_SHOWN : describeInput(issue.input);
  return new ApiError(code, message, `${where}=${shown}`);
}

// A password, a two-factor or recovery code, a link's token, a PIN or a client secret is never
// echoed back (error bodies reach logs and screens): not as the field that failed, and not
// inside an object echoed whole when a rule about several fields fails (code and password
// sent together to /two-factor/disable).
const SECRET_NAME = /^(code|pin|recovery_code|passcode)$|(^|_)(password|token|secret|pin)$/;
const NOT_SHOWN = "(not shown)";

function isSecretName(name: PropertyKey | undefined): boolean {
  return typeof name === "string" && SECRET_NAME.test(name.toLowerCase());
}

// Deeper than any schema's secrets. An input nested deeper (a body thousands of levels deep
// fits in 64 KiB, and would overflow JSON.stringify's stack) is shown by its shape alone, so the
// error stays the 400 it describes and nothing below that depth is echoed.
const MAX_SHOWN_DEPTH = 32;
const TOO_DEEP = Symbol("too deep");

/** The input with the value of every secret-named key replaced, or TOO_DEEP. */
function withoutSecrets(input: unknown, depth = 0): unknown {
  if (input === null || typeof input !== "object") return input;
  if (depth > MAX_SHOWN_DEPTH) return TOO_DEEP;
  const entries = Array.isArray(input) ? [...input.entries()] : Object.entries(input);
  const shown: [string | number, unknown][] = [];
  for (const [key, value] of entries) {
    const kept = isSecretName(key) ? NOT_SHOWN : withoutSecrets(value, depth + 1);
    if (kept === TOO_DEEP) return TOO_DEEP;
    shown.push([key, kept]);
  }
  return Array.isArray(input) ? shown.map(([, value]) => value) : Object.fromEntries(shown);
}

function describeInput(input: unknown): string {
  if (input === undefined) return "(missing)";
  const text = typeof input === "string" ? input : stringifyOrShape(input);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function stringifyOrShape(input: unknown): string {
  const shown = withoutSecrets(input);
  if (shown === TOO_DEEP) return Array.isArray(input) ? "[…]" : "{…}";
  return JSON.stringify(shown) ?? String(input);
}
