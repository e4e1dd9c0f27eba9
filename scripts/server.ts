// npm start, second half: Next's documented custom server (next({ dev: false }) and its request
// handler behind node:http), so that the request edges Next gets wrong are settled before Next
// sees them (lib/api/front-door.ts): absolute-form targets are served as their path, never
// redirected off-site; /api dot segments and methods Next cannot route answer the API's JSON error;
// uploads past their bound and bodies that stop arriving are answered before Next reads them
// (lib/api/request-body-edges.ts).
// scripts/start.ts bundles this file to .next/portal-server.mjs; `npm start` execs node on it, so
// the resident tree stays npm and one node process (docs/PERFORMANCE.md, memory).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import next from "next";
import { frontDoor } from "@/lib/api/front-door";
import { answerMetrics, listenForScrapes, METRICS_PATH } from "@/lib/api/metrics-endpoint";
import { headersOf, pathOf, send } from "@/lib/api/node-http";
import { guardRequestBody } from "@/lib/api/request-body-edges";
import { getEnv } from "@/lib/env";
import { observeRequest } from "@/lib/observability/metrics";
import { routeTemplates, UNMATCHED } from "@/lib/observability/route-templates";
import { activeTracer, startTracing } from "@/lib/observability/tracing";

// As `next start`: -p/--port (else PORT, else 3000) and -H/--hostname (else every interface).
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

async function main() {
  const env = getEnv();
  // Before Next loads anything, so that every span (Next's own too) has a provider to go to.
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = next({ dev: false, port, hostname: hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const routeOf = routeTemplates(builtRoutes());
  const tracing = activeTracer() !== undefined;

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const method = request.method ?? "GET";
    const decision = frontDoor(method, request.url ?? "/", headersOf(request));
    const pathname = pathOf("target" in decision ? decision.target : (request.url ?? "/"));
    const route = pathname === METRICS_PATH ? METRICS_PATH : routeOf(pathname);
    if (tracing) trace.getActiveSpan()?.updateName(`${method} ${route}`).setAttribute("http.route", route);
    // Counted when the answer is done (or the client went away): one series per route template.
    response.once("close", () =>
      observeRequest(route, method, response.statusCode, (performance.now() - started) / 1000),
    );
    if ("answer" in decision) return void send(decision.answer, request, response);
    if (pathname === METRICS_PATH)
      return void answerMetrics(env, "app-port", method, headersOf(request)).then((answer) =>
        send(answer, request, response),
      );
    if (guardRequestBody(request, response, pathname, bodyEdges)) return;
    request.url = decision.target;
    void handle(request, response);
  };
  const bodyEdges = { uploadsInFlight: env.UPLOADS_IN_FLIGHT, bodyIdleMs: env.BODY_IDLE_TIMEOUT_MS };
  const server = createServer(
    {
      // Node's own bounds: all of a request's headers within HEADERS_TIMEOUT_MS, checked often
      // enough to hold to it; the whole request within its default 300 s (a slow upload that
      // keeps sending is not cut; one that stops is, after BODY_IDLE_TIMEOUT_MS).
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(env.HEADERS_TIMEOUT_MS / 4)),
    },
    activeTracer() ? traced(serve) : serve,
  );
  const listening = () => console.log(`> Ready on http://${hostname ?? "localhost"}:${port}`);
  // As `next start`: a stop signal ends the process (Next's prepare() would otherwise keep it up).
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
  if (hostname) server.listen(port, hostname, listening);
  else server.listen(port, listening);
  if (env.METRICS_PORT !== undefined) listenForScrapes(env.METRICS_PORT, hostname);
}

/**
 * With tracing on: each request in a server span named by its route template, carrying the
 * status and request id, continuing the caller's trace when it sent `traceparent`.
 */
function traced(serve: (request: IncomingMessage, response: ServerResponse) => void) {
  const tracer = activeTracer();
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!tracer) return serve(request, response);
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      `${request.method ?? "GET"}`,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": request.method ?? "GET" } },
      parent,
    );
    response.once("close", () => {
      const requestId = response.getHeader("x-request-id");
      span.setAttribute("http.response.status_code", response.statusCode);
      if (typeof requestId === "string") span.setAttribute("request.id", requestId);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => serve(request, response));
  };
}

/** The app's route templates, as Next's build lists them (pages and route handlers alike). */
function builtRoutes(): string[] {
  const manifest = path.join(process.cwd(), ".next", "app-path-routes-manifest.json");
  try {
    return Object.values(JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>);
  } catch {
    console.error(`No ${manifest}: every request is counted as ${UNMATCHED}.`);
    return [];
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
