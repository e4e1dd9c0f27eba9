import type { z } from "zod";
import type { ErrorBody } from "@/lib/errors";

// The portal's one way to call /api/v2: same-origin, so the session cookie rides along.
// Answers are typed by the routes' own response schemas, named at each call. They are not
// parsed again here: every route parses its reply with that schema before sending it
// (lib/api/route.ts), and parsing here would ship zod and every schema to the browser.
// Errors keep the API's error body.

export class ApiClientError extends Error {
  /**
   * `message`: what a person is told. The contract's `error.message` when the answer has one,
   * even in a body that is not the API's in full (a proxy, a gateway), else words for the status.
   */
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string | null = body?.error.message ?? null,
  ) {
    super(message ?? statusWords(status));
    this.name = "ApiClientError";
  }

  get code(): string | null {
    return this.body?.error.code ?? null;
  }
}

/** What an answer without a message of its own means for the person waiting on it. */
function statusWords(status: number): string {
  if (status === 0) return "The server could not be reached. Check your connection and try again.";
  if (status === 408 || status === 504) return "The server took too long to answer. Try again.";
  if (status === 429) return "Too many requests at once. Wait a moment and try again.";
  if (status === 502 || status === 503) return "The service is unavailable for a moment. Try again shortly.";
  if (status >= 500)
    return "Something went wrong on our side. Try again; if it keeps happening, contact support.";
  return `The request was refused (${status}).`;
}

/** `error.message` from any JSON answer that carries one; a bare status phrase is no message. */
function serverMessage(json: unknown): string | null {
  if (typeof json !== "object" || json === null || !("error" in json)) return null;
  const error: unknown = json.error;
  if (typeof error !== "object" || error === null || !("message" in error)) return null;
  return typeof error.message === "string" && error.message.trim() ? error.message : null;
}

export type ApiAnswer<T> = { data: T; headers: Headers };

type Init = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
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
  if (!response.ok)
    throw new ApiClientError(response.status, isErrorBody(json) ? json : null, serverMessage(json));
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
