import { trace } from "@opentelemetry/api";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { describe, expect, it, vi } from "vitest";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { tracedAdapter, tracedExecutor } from "@/lib/db/traced";
import { activeTracer, inSpan, traceFields } from "@/lib/observability/tracing";

// Without OTEL_EXPORTER_OTLP_ENDPOINT, tracing costs nothing (docs/OPERATIONS.md): the SDK and
// the exporter are never loaded, the database adapter and the SQL executor are the very
// objects given (no proxy in front of a statement), and a worker task runs as is.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@opentelemetry/sdk-trace-node", () => {
  loaded.add("sdk-trace-node");
  return {};
});
vi.mock("@opentelemetry/exporter-trace-otlp-http", () => {
  loaded.add("exporter-trace-otlp-http");
  return {};
});

describe("tracing unset", () => {
  it("has no tracer and wraps neither the adapter nor the executor", () => {
    expect(process.env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(activeTracer()).toBeUndefined();
    const factory = { provider: "postgres", connect: async () => ({}) } as unknown as SqlDriverAdapterFactory;
    expect(tracedAdapter(factory, "primary")).toBe(factory);
    const executor = { query: async () => [], exec: async () => {} } as unknown as SqlExecutor;
    expect(tracedExecutor(executor, "primary")).toBe(executor);
  });

  it("runs a worker task with no span active and puts no trace fields in the log", async () => {
    const seen = await inSpan("worker emails", { "worker.task": "emails" }, async () => ({
      span: trace.getActiveSpan(),
      fields: traceFields(),
    }));
    expect(seen).toEqual({ span: undefined, fields: {} });
  });

  it("never loads the SDK or the exporter", async () => {
    // Afresh, so that the modules' imports go through the mocks above (the database set-up
    // loaded them before this file's mocks were in place).
    vi.resetModules();
    const tracing = await import("@/lib/observability/tracing");
    const traced = await import("@/lib/db/traced");
    await tracing.inSpan("worker jobs", {}, async () => undefined);
    traced.tracedExecutor({} as SqlExecutor, "primary");
    expect([...loaded]).toEqual([]);
  });
});
