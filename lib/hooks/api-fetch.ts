import type { z } from "zod";
import { errorBodySchema, type ErrorBody } from "@/lib/api/errors";

// The portal's one way to call /api/v2: same-origin, so the session cookie rides along.
// Answers are parsed with the routes' own response schemas; errors keep the contract's body.

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

type Init = { method?: "GET" | "POST" | "DELETE"; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

export async function apiFetch<S extends z.ZodType>(path: string, schema: S, init: Init = {}): Promise<ApiAnswer<z.output<S>>> {
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
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    throw new ApiClientError(response.status, parsed.success ? parsed.data : null);
  }
  return { data: schema.parse(json), headers: response.headers };
}

/** A query string from defined values; arrays repeat the key. */
export function toQueryString(params: Record<string, string | number | boolean | readonly string[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
