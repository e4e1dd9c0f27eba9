// Calls the app's route handlers the way Next does, without a server: the request path is
// matched against the app/api/v2 folders (static segments before [param] before [...rest]).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { assertMatchesContract, parseBody } from "@/tests/contract";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

type RouteFile = { segments: string[]; file: string };
type RouteModule = Record<
  string,
  (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>
>;

const apiRoot = path.join(process.cwd(), "app", "api", "v2");

function findRoutes(dir: string, segments: string[] = []): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findRoutes(full, [...segments, entry]));
    else if (entry === "route.ts") found.push({ segments, file: full });
  }
  return found;
}

const routes = findRoutes(apiRoot);

function segmentRank(segment: string): number {
  if (segment.startsWith("[...")) return 2;
  if (segment.startsWith("[")) return 1;
  return 0;
}

function match(route: RouteFile, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i];
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    if (i >= parts.length) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = parts[i];
    else if (segment !== parts[i]) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

function resolveRoute(pathname: string) {
  const parts = pathname
    .replace(/^\/api\/v2\/?/, "")
    .split("/")
    .filter(Boolean)
    .map(decodeURIComponent);
  const candidates = routes
    .map((route) => ({ route, params: match(route, parts) }))
    .filter(
      (candidate): candidate is { route: RouteFile; params: Record<string, string | string[]> } =>
        candidate.params !== null,
    )
    .sort((a, b) => {
      for (let i = 0; i < Math.max(a.route.segments.length, b.route.segments.length); i++) {
        const diff = segmentRank(a.route.segments[i] ?? "") - segmentRank(b.route.segments[i] ?? "");
        if (diff !== 0) return diff;
      }
      return 0;
    });
  return candidates[0];
}

export type ApiRequest = {
  token?: TestTokenName | null;
  headers?: Record<string, string>;
  /** A value to send as JSON, or a string sent as it is. */
  body?: unknown;
};

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T };

/** Hands a request to the route handler Next would pick for its path. */
export async function dispatch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const found = resolveRoute(url.pathname);
  if (!found) throw new Error(`no route file matches ${url.pathname}`);
  const routeModule = (await import(found.route.file)) as RouteModule;
  const handler = routeModule[request.method];
  if (!handler) throw new Error(`${found.route.file} exports no ${request.method}`);
  return handler(request, { params: Promise.resolve(found.params) });
}

/** `path` is relative to /api/v2 and may carry a query string. */
export async function api<T = unknown>(
  method: string,
  pathAndQuery: string,
  request: ApiRequest = {},
): Promise<ApiResponse<T>> {
  const url = new URL(`/api/v2${pathAndQuery}`, "http://localhost:3000");
  const headers = new Headers(request.headers);
  if (request.token) headers.set("authorization", `Bearer ${testTokens[request.token].secret}`);
  let body: string | undefined;
  if (request.body !== undefined) {
    body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response = await dispatch(new Request(url, { method, headers, body }));
  const text = await response.text();
  const parsed = parseBody(method, url.pathname.replace(/^\/api\/v2/, ""), response, text);
  if (method !== "OPTIONS")
    assertMatchesContract(method, url.pathname.replace(/^\/api\/v2/, ""), response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export const get = <T = unknown>(pathAndQuery: string, request?: ApiRequest) =>
  api<T>("GET", pathAndQuery, request);

/**
 * The lower-level entry for fuzzing: any Request (raw paths, headers, bodies, content types),
 * answered as Next would and checked against the OpenAPI document like `api`. proxy.ts runs first, as
 * it does in Next for these paths: it answers an undecodable path itself (`answeredByProxy`)
 * and serves a trailing-slash path as the path without it. A path no route file matches is
 * Next's 404 (`routedByNext`, no body).
 */
export async function send<T = unknown>(
  request: Request,
): Promise<ApiResponse<T> & { routedByNext?: true; answeredByProxy?: true }> {
  const edge = await proxy(new NextRequest(request.clone()));
  if (!edge.headers.has("x-middleware-next") && !edge.headers.has("x-middleware-rewrite")) {
    const text = await edge.text();
    return {
      status: edge.status,
      headers: edge.headers,
      body: (text === "" ? null : JSON.parse(text)) as T,
      answeredByProxy: true,
    };
  }
  const rewrite = edge.headers.get("x-middleware-rewrite");
  const routed = rewrite === null ? request : new Request(rewrite, request);
  const url = new URL(routed.url);
  let found: ReturnType<typeof resolveRoute>;
  try {
    found = resolveRoute(url.pathname);
  } catch (error) {
    if (error instanceof URIError)
      return { status: 400, headers: new Headers(), body: null as T, routedByNext: true };
    throw error;
  }
  if (!found) return { status: 404, headers: new Headers(), body: null as T, routedByNext: true };
  const response = await dispatch(routed);
  const text = await response.text();
  const parsed = parseBody(routed.method, url.pathname.replace(/^\/api\/v2/, ""), response, text);
  if (routed.method !== "OPTIONS")
    assertMatchesContract(routed.method, url.pathname.replace(/^\/api\/v2/, ""), response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed as T };
}
