import { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/api/errors";

export type Location = "path" | "query" | "body";

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

/** Parses with a zod schema; the first issue becomes the contract's 400 body. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw issueToApiError(result.error.issues[0], location);
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
  const code = (issue.code === "custom" && (issue.params?.code as ErrorCode | undefined)) || "invalid_parameter";
  const message = issue.message.startsWith(field) || field === "" ? issue.message : `${field}: ${issue.message}`;
  return new ApiError(code, message, `${where}=${describeInput(issue.input)}`);
}

function describeInput(input: unknown): string {
  if (input === undefined) return "(missing)";
  const text = typeof input === "string" ? input : JSON.stringify(input) ?? String(input);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
