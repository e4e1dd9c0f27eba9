import "server-only";
import type { z } from "zod";
import { ApiError, ClientAbortedError } from "@/lib/errors";
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
import { requestTime } from "@/lib/api/request-clock";
import { runAsCaller } from "@/lib/db/caller";
import { runWithAuditSource } from "@/lib/audit/record";
import { noteCallerWrote } from "@/lib/db/replicas";
import type { Principal } from "@/lib/auth/types";
import { requireRole, roleMay } from "@/lib/auth/roles";
import { requiredPermissions } from "@/lib/api/permissions";
import { assertServed, deprecationHeaders } from "@/lib/api/lifecycle";
import { allowHeader, methodNotAllowedError } from "@/lib/api/method-not-allowed";
import { assertSameOrigin } from "@/lib/api/origin";
import { preflightHeaders } from "@/lib/api/cors";
import { errorResponse, withStandardHeaders } from "@/lib/api/responses";
import { callerKey, getRateLimiter } from "@/lib/api/rate-limit";
import { logError, logRequest } from "@/lib/api/request-log";
import { isStoreUnavailable } from "@/lib/db/unavailable";
import { serverTimingHeader, timed, withServerTiming } from "@/lib/server-timing";

/** The status logged for a request its client abandoned (nginx's "client closed request"). */
const CLIENT_CLOSED_REQUEST = 499;

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
  /** The request's time, read once (lib/api/request-clock.ts): pass it to the domain. */
  now: Date;
};

/** What a handler returns: the 200 body, or a Reply when it sets headers or another status. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

/** A streamed body that is not JSON (CSV exports): sent as it is, never parsed by the schema. */
export class StreamReply {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly headers: Record<string, string>,
  ) {}
}

type ResponseOf<D extends EndpointDefinition> = z.input<D["response"]>;
// A Response: only for an endpoint's alternateContent (a CSV export), streamed as it is.
type Handler<D extends EndpointDefinition> = (
  context: HandlerContext<D>,
) =>
  | Promise<ResponseOf<D> | Reply<ResponseOf<D>> | StreamReply | Response>
  | ResponseOf<D>
  | Reply<ResponseOf<D>>
  | StreamReply
  | Response;

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

/** 405 method_not_allowed with Allow, for every method a path does not serve (also /api/health and /api/ready). */
export function methodNotAllowed(allowed: Method[]): NextHandler {
  return async (request) =>
    errorResponse(methodNotAllowedError(request.method, allowed), requestIdFor(request));
}

/** The wrapper around one endpoint's handler; exported so tests can wrap made-up definitions. */
export function handleEndpoint(
  key: string,
  definition: EndpointDefinition,
  handler: Handler<EndpointDefinition>,
): NextHandler {
  const [, routePath] = key.split(" ");
  return (request, nextContext) => withServerTiming(() => serve(request, nextContext));
  async function serve(request: Request, nextContext: NextContext): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let principal: Principal | null = null;
    let rateLimitHeaders: Record<string, string> = {};
    let response: Response;
    try {
      assertServed(definition, key);
      principal = await timed("auth", resolvePrincipal(request));
      const limiter = await getRateLimiter();
      rateLimitHeaders = (
        await timed(
          "ratelimit",
          limiter.check(callerKey(principal, request), definition.rateLimit ?? "default"),
        )
      ).headers;
      if (principal?.kind === "session" && request.method !== "GET") assertSameOrigin(request);
      // Who may call comes before what was sent: an anonymous caller learns nothing from validation.
      if (definition.auth === "session") requireSession(principal);
      authorize(principal, definition);
      if (definition.verifiedEmail) requireVerifiedEmail(principal);
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
        now: requestTime(),
      };
      // The caller's reads follow their own writes to the primary (lib/db/replicas.ts).
      const caller = principal ? callerKey(principal, request) : undefined;
      // The principal and client address go along for the audit log (lib/audit/record.ts).
      const run = () => runWithAuditSource(request, principal, () => handler(context));
      const result = await timed("handler", caller ? runAsCaller(caller, run) : run());
      if (caller && request.method !== "GET") await noteCallerWrote(caller);
      if (result instanceof StreamReply) {
        const headers = { ...rateLimitHeaders, ...deprecationHeaders(definition), ...result.headers };
        response = withStandardHeaders(new Response(result.stream, { status: 200, headers }), requestId);
        logRequest({
          method: request.method,
          route: routePath,
          status: 200,
          durationMs: performance.now() - started,
          requestId,
          principalId: principal?.id ?? null,
        });
        return response;
      }
      if (result instanceof Response) {
        // An answer the handler built itself: a CSV export it streams, or a file's bytes
        // (GET /documents/{document_id}/file).
        for (const [name, value] of Object.entries({
          ...rateLimitHeaders,
          ...deprecationHeaders(definition),
        }))
          result.headers.set(name, value);
        response = withStandardHeaders(result, requestId);
      } else {
        const reply = result instanceof Reply ? result : new Reply(result);
        // Parsing through the response schema drops any column the schema does not name.
        const body = definition.response.parse(reply.body);
        const headers = { ...rateLimitHeaders, ...deprecationHeaders(definition), ...reply.init.headers };
        const status = reply.init.status ?? definition.status ?? 200;
        response = withStandardHeaders(
          status === 204 ? new Response(null, { status, headers }) : Response.json(body, { status, headers }),
          requestId,
        );
      }
    } catch (error) {
      if (error instanceof ClientAbortedError) {
        // Nobody is left to read an answer: logged as an abort (499), not as a fault.
        logRequest({
          method: request.method,
          route: routePath,
          status: CLIENT_CLOSED_REQUEST,
          durationMs: performance.now() - started,
          requestId,
          principalId: principal?.id ?? null,
          aborted: true,
        });
        return withStandardHeaders(new Response(null, { status: CLIENT_CLOSED_REQUEST }), requestId);
      }
      response = errorResponse(toApiError(error, requestId), requestId);
      for (const [name, value] of Object.entries(rateLimitHeaders))
        if (!response.headers.has(name)) response.headers.set(name, value);
    }
    const timing = serverTimingHeader(started);
    if (timing) response.headers.set("Server-Timing", timing);
    logRequest({
      method: request.method,
      route: routePath,
      status: response.status,
      durationMs: performance.now() - started,
      requestId,
      principalId: principal?.id ?? null,
    });
    return response;
  }
}

/**
 * The caller's role must allow what the endpoint needs (docs/CONTRACT.md §15: 401 role_forbidden naming
 * the roles that would), and then a token must carry the scope (401 insufficient_scope). Support
 * needs only the endpoint's supportScope where it has one.
 */
function authorize(principal: Principal | null, definition: EndpointDefinition): void {
  if (definition.scope === null && !definition.permission) return;
  if (!principal) {
    throw new ApiError(
      "unauthorized",
      "Authentication is required: send 'Authorization: Bearer <token>'.",
      "header.authorization",
    );
  }
  if (definition.supportScope && roleMay(principal.role, "organizations:all")) {
    requireScope(principal, definition.supportScope);
    return;
  }
  for (const permission of requiredPermissions(definition)) requireRole(principal.role, permission);
  if (definition.scope !== null) requireScope(principal, definition.scope);
}

/** 401 unless a person signed in to the portal is calling (endpoints with `auth: "session"`). */
function requireSession(principal: Principal | null): void {
  if (principal?.kind === "session" && principal.userId !== null) return;
  throw new ApiError(
    "unauthorized",
    "Only a person signed in to the portal can call this endpoint; an API token cannot.",
    principal ? `principal=${principal.kind}` : "cookie=(no session)",
  );
}

/** 401 email_unverified for a person who has not followed their verification link yet. */
function requireVerifiedEmail(principal: Principal | null): void {
  if (principal?.emailVerified !== false) return;
  throw new ApiError(
    "email_unverified",
    "Verify your email first: follow the link we sent you (or ask for it again), then try once more.",
    `user_id=${principal.userId ?? principal.id}`,
  );
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

/**
 * 503 service_unavailable (docs/CONTRACT.md §3): the client may retry, with the same
 * Idempotency-Key for an order.
 */
export function serviceUnavailable(requestId: string): ApiError {
  return new ApiError(
    "service_unavailable",
    "The service cannot reach its database just now; retry shortly (an order with the same Idempotency-Key is safe to repeat).",
    `request_id=${requestId}`,
    { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) },
  );
}
