import type { z } from "zod";
import type { ErrorBody } from "@/lib/errors";

// The portal's one way to call /api/v2: same-origin, so the session cookie rides along.
// Answers are typed by the routes' own response schemas, named at each call. They are not
// parsed again here: every route parses its reply with that schema before sending it
// (lib/api/route.ts), and parsing here would ship zod and every schema to the browser.
// Errors keep the contract's body.

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `The server answered ${status}.`);
    this.name = "ApiClientError";
  }

  get code(): string | null {
    return this.body?.error.code ?? null;
  }
}

export type ApiAnswer<T> = { data: T; headers: Headers };

type Init = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** `S`: the route's response schema, as a type only (`apiFetch<typeof orderResponseSchema>(…)`). */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  init: Init = {},
): Promise<ApiAnswer<z.output<S>>> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api/v2${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(0, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiClientError(response.status, isErrorBody(json) ? json : null);
  return { data: json as z.output<S>, headers: response.headers };
}

/** The contract's error body, or something else in front of the app (a proxy's HTML page). */
function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== "object" || json === null || !("error" in json)) return false;
  const error: unknown = json.error;
  return (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string" &&
    "code" in error &&
    typeof error.code === "string" &&
    "details" in error &&
    typeof error.details === "string"
  );
}

/** A query string from defined values; arrays repeat the key. */
export function toQueryString(
  params: Record<string, string | number | boolean | readonly string[] | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
