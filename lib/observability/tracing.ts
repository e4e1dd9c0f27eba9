import { SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import { processSlot } from "@/lib/process-singleton";

// OpenTelemetry traces (docs/OPERATIONS.md), only with OTEL_EXPORTER_OTLP_ENDPOINT: a span per
// request (scripts/server.ts), per SQL statement (lib/db/traced.ts) and per worker task. Unset,
// the SDK is never loaded, no span is made and nothing is wrapped: every entry point here asks
// `activeTracer()` (one Map lookup) or was never installed. The tracer lives on globalThis
// because Next's route bundles and the custom server each have their own copy of this module.

const tracerSlot = processSlot<Tracer>("tracer");

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.error(line);

/**
 * Sends spans to `endpoint` (OTLP over HTTP, JSON) in batches. A collector that does not
 * answer costs the app nothing but the dropped spans: the batch processor's queue is bounded,
 * and the first failed export is said once in the log (again only after one succeeded).
 */
export async function startTracing(endpoint: string, log: Log = defaultLog): Promise<void> {
  if (tracerSlot.get()) return;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const exporter = new OTLPTraceExporter({
    url: `${endpoint.replace(/\/+$/, "")}/v1/traces`,
    timeoutMillis: 5_000,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME ?? "numbers-portal" }),
    spanProcessors: [
      new BatchSpanProcessor(sayFailuresOnce(exporter, endpoint, log), {
        maxQueueSize: 4096,
        scheduledDelayMillis: 1_000,
      }),
    ],
  });
  // Registers the tracer provider and the AsyncLocalStorage context manager process-wide, so
  // the spans Next itself makes and ours nest under each request's span.
  provider.register();
  tracerSlot.set(trace.getTracer("numbers-portal"));
  const shutdown = () => void provider.shutdown().catch(() => undefined);
  process.once("beforeExit", shutdown);
}

function sayFailuresOnce(exporter: SpanExporter, endpoint: string, log: Log): SpanExporter {
  let failing = false;
  return {
    export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]) {
      exporter.export(spans, (result) => {
        // ExportResultCode.FAILED is 1.
        if (result.code !== 0 && !failing)
          log(
            JSON.stringify({
              level: "warn",
              event: "trace_export_failed",
              endpoint,
              detail: `${result.error?.message ?? "the collector did not accept the spans"}; spans are dropped until it answers (said once)`,
            }),
          );
        failing = result.code !== 0;
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The tracer when tracing is on, else undefined (then make no span at all). */
export function activeTracer(): Tracer | undefined {
  return tracerSlot.get();
}

/** Puts `tracer` in place (tests that read the spans made); undefined turns tracing off again. */
export function setTracer(tracer: Tracer | undefined): void {
  tracerSlot.set(tracer);
}

/** Runs `fn` inside a span named `name` (as the active span) when tracing is on; else just runs it. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const tracer = tracerSlot.get();
  if (!tracer) return fn();
  return tracer.startActiveSpan(name, { attributes, kind }, async (span: Span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active trace's ids for a log line; nothing when tracing is off or no span is active. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
