import type { z } from "zod";
import { ApiError } from "@/lib/errors";
import {
  endpoints,
  methods,
  methodsFor,
  type EndpointDefinition,
  type EndpointKey,
  type EndpointPath,
  type Method,
} from "@/lib/api/registry";
import { parseHeaders, parseOrThrow, searchParamsToObject } from "@/lib/api/parse";
import { assertDecodableQuery } from "@/lib/api/raw-url";
import { requestIdFor } from "@/lib/api/request-id";
import { readJsonBody } from "@/lib/api/body";
import { requireScope, resolvePrincipal } from "@/lib/auth/principal";
import type { Principal } from "@/lib/auth/types";
import { assertServed, deprecationHeaders } from "@/lib/api/lifecycle";
import { assertSameOrigin } from "@/lib/api/origin";
import { preflightHeaders } from "@/lib/api/cors";
import { errorResponse, withStandardHeaders } from "@/lib/api/responses";
import { callerKey, getRateLimiter } from "@/lib/api/rate-limit";
import { logError, logRequest } from "@/lib/api/request-log";
import { isStoreUnavailable } from "@/lib/db/unavailable";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type HeadersOut<H> = { [K in keyof H]?: H[K] extends { schema: infer S } ? Out<S> : never };

type HandlerContext<D extends EndpointDefinition> = {
  request: Request;
  requestId: string;
  /** Null only on endpoints whose scope is null and that were called without credentials. */
  principal: D["scope"] extends null ? Principal | null : Principal;
  params: Out<D["params"]>;
  query: Out<D["query"]>;
  body: D extends { bodyParsedBy: "handler" } ? unknown : Out<D["body"]>;
  /** The declared request headers (`requestHeaders`), parsed; absent ones are undefined. */
  headers: HeadersOut<NonNullable<D["requestHeaders"]>>;
};

/** What a handler returns: the 200 body, or a Reply when it sets headers or another status. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

type ResponseOf<D extends EndpointDefinition> = z.input<D["response"]>;
type Handler<D extends EndpointDefinition> = (
  context: HandlerContext<D>,
) => Promise<ResponseOf<D> | Reply<ResponseOf<D>>> | ResponseOf<D> | Reply<ResponseOf<D>>;

type Definition<P extends string, M extends string> = `${M} ${P}` extends EndpointKey
  ? (typeof endpoints)[`${M} ${P}`]
  : never;
type Handlers<P extends string> = { [M in Method]?: Handler<Definition<P, M>> };

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextHandler = (request: Request, context: NextContext) => Promise<Response>;

/**
 * The Next route exports for one path: the registered methods run through the wrapper
 * (principal, scope, parsing, errors, request id); every other method answers 405 with Allow.
 */
export function route<P extends EndpointPath>(
  path: P,
  handlers: Handlers<P>,
): Record<Method | "OPTIONS", NextHandler> {
  const allowed = methodsFor(path);
  const exports = {} as Record<Method | "OPTIONS", NextHandler>;
  for (const method of methods) {
    const handler = handlers[method];
    const key = `${method} ${path}` as EndpointKey;
    exports[method] =
      handler && key in endpoints
        ? handleEndpoint(key, endpoints[key] as EndpointDefinition, handler as Handler<EndpointDefinition>)
        : methodNotAllowed(allowed);
  }
  exports.OPTIONS = async (request) =>
    withStandardHeaders(
      new Response(null, { status: 204, headers: preflightHeaders(allowHeader(allowed)) }),
      requestIdFor(request),
    );
  return exports;
}

function allowHeader(allowed: Method[]): string {
  return [...allowed, "OPTIONS"].join(", ");
}

function methodNotAllowed(allowed: Method[]): NextHandler {
  return async (request) => {
    const error = new ApiError(
      "method_not_allowed",
      `${request.method} is not allowed here; use ${allowed.join(" or ")}.`,
      `method=${request.method}`,
      { Allow: allowHeader(allowed) },
    );
    return errorResponse(error, requestIdFor(request));
  };
}

/** The wrapper around one endpoint's handler; exported so tests can wrap made-up definitions. */
export function handleEndpoint(
  key: string,
  definition: EndpointDefinition,
  handler: Handler<EndpointDefinition>,
): NextHandler {
  const [, routePath] = key.split(" ");
  return async (request, nextContext) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let principal: Principal | null = null;
    let rateLimitHeaders: Record<string, string> = {};
    let response: Response;
    try {
      assertServed(definition, key);
      principal = await resolvePrincipal(request);
      const limiter = await getRateLimiter();
      rateLimitHeaders = (
        await limiter.check(callerKey(principal, request), definition.rateLimit ?? "default")
      ).headers;
      if (principal?.kind === "session" && request.method !== "GET") assertSameOrigin(request);
      if (definition.scope !== null) requireScope(principal, definition.scope);
      const url = new URL(request.url);
      assertDecodableQuery(url.search);
      const rawParams = await nextContext.params;
      const context: HandlerContext<EndpointDefinition> = {
        request,
        requestId,
        principal: principal as Principal,
        params: definition.params ? parseOrThrow(definition.params, rawParams, "path") : undefined,
        query: definition.query
          ? parseOrThrow(definition.query, searchParamsToObject(url.searchParams), "query")
          : undefined,
        body: !definition.body
          ? undefined
          : definition.bodyParsedBy === "handler"
            ? await readJsonBody(request)
            : parseOrThrow(definition.body, await readJsonBody(request), "body"),
        headers: definition.requestHeaders ? parseHeaders(definition.requestHeaders, request.headers) : {},
      };
      const result = await handler(context);
      const reply = result instanceof Reply ? result : new Reply(result);
      // Parsing through the response schema drops any column the schema does not name.
      const body = definition.response.parse(reply.body);
      const headers = { ...rateLimitHeaders, ...deprecationHeaders(definition), ...reply.init.headers };
      const status = reply.init.status ?? definition.status ?? 200;
      response = withStandardHeaders(
        status === 204 ? new Response(null, { status, headers }) : Response.json(body, { status, headers }),
        requestId,
      );
    } catch (error) {
      response = errorResponse(toApiError(error, requestId), requestId);
      for (const [name, value] of Object.entries(rateLimitHeaders))
        if (!response.headers.has(name)) response.headers.set(name, value);
    }
    logRequest({
      method: request.method,
      route: routePath,
      status: response.status,
      durationMs: performance.now() - started,
      requestId,
      principalId: principal?.id ?? null,
    });
    return response;
  };
}

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  logError(requestId, error);
  if (isStoreUnavailable(error)) return serviceUnavailable(requestId);
  return new ApiError(
    "internal_error",
    "Something went wrong on our side; quote the request id when reporting it.",
    `request_id=${requestId}`,
  );
}

/** 503 service_unavailable (contract §3): the client may retry, with the same Idempotency-Key for an order. */
export function serviceUnavailable(requestId: string): ApiError {
  return new ApiError(
    "service_unavailable",
    "The service cannot reach its database just now; retry shortly (an order with the same Idempotency-Key is safe to repeat).",
    `request_id=${requestId}`,
    { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) },
  );
}
