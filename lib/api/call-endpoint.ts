// Server-rendered pages read the API through here: the route's own exported handler runs on a
// Request carrying the page request's credentials, so the registry, parsing, principal and
// scope checks and response schema are the ones HTTP clients get.
import type { z } from "zod";
import type { endpoints, EndpointKey, Method } from "@/lib/api/registry";
import type { NextHandler } from "@/lib/api/route";

type RouteModule = Partial<Record<Method, NextHandler>>;
type Body<K extends EndpointKey> = z.output<(typeof endpoints)[K]["response"]>;

/** An endpoint's error answer, for the page to leave the query to the browser. */
class EndpointError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

/**
 * Calls `key` (e.g. "GET /inventory/{country}") at `pathAndQuery` (e.g. "/inventory/GB?limit=5")
 * with `credentials` (the page request's Cookie, or an Authorization header).
 */
export async function callEndpoint<K extends EndpointKey>(
  route: RouteModule,
  key: K,
  pathAndQuery: string,
  credentials: HeadersInit,
): Promise<{ body: Body<K>; headers: Headers }> {
  const [method, template] = key.split(" ") as [Method, string];
  const handler = route[method];
  const url = new URL(`/api/v2${pathAndQuery}`, "http://portal.internal");
  const params = paramsOf(template, url.pathname.slice("/api/v2".length));
  if (!handler || params === null) throw new Error(`${pathAndQuery} is not ${key}`);
  const response = await handler(new Request(url, { method, headers: credentials }), {
    params: Promise.resolve(params),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new EndpointError(response.status, body);
  return { body: body as Body<K>, headers: response.headers };
}

function paramsOf(template: string, path: string): Record<string, string> | null {
  const names = template.split("/");
  const parts = path.split("/");
  if (names.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    if (name.startsWith("{")) params[name.slice(1, -1)] = decodeURIComponent(parts[index]);
    else if (name !== parts[index]) return null;
  }
  return params;
}
