import pino, { type DestinationStream, type Logger } from "pino";
import { getEnv, type Env } from "@/lib/env";
import { processSlot } from "@/lib/process-singleton";
import { activeTracer, traceFields } from "@/lib/observability/tracing";

export type RequestLogEntry = {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  principalId: string | null;
  /** The client closed the connection before the request was read (status 499). */
  aborted?: true;
};

export type RequestLog = {
  request(entry: RequestLogEntry): void;
  error(requestId: string, error: unknown): void;
};

// The line's shape stays what it was when it was written by hand: "level" as a word, "time"
// in ISO 8601, "msg", then the entry's fields.
const lineFormat = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/**
 * One JSON line a request (at `info`) and one per unhandled error (at `error` and `info`).
 * It names the principal by id only: never a token, password, cookie or body, so logs can be
 * shipped anywhere.
 */
export function createRequestLog(
  level: Env["LOG_LEVEL"],
  streams: { out: DestinationStream; err: DestinationStream },
): RequestLog {
  // With tracing on, each line names its trace (and span), so a log line leads to the trace.
  const format = activeTracer() ? { ...lineFormat, mixin: traceFields } : lineFormat;
  const requests: Logger = pino({ ...format, level }, streams.out);
  const errors: Logger = pino({ ...format, level }, streams.err);
  return {
    request(entry) {
      requests.info(
        {
          method: entry.method,
          route: entry.route,
          status: entry.status,
          duration_ms: Math.round(entry.durationMs * 10) / 10,
          request_id: entry.requestId,
          principal_id: entry.principalId,
          ...(entry.aborted ? { aborted: true } : {}),
        },
        entry.aborted ? "request aborted by the client" : "request",
      );
    },
    error(requestId, error) {
      const detail =
        error instanceof Error
          ? { name: error.name, message: error.message, stack: error.stack }
          : { message: String(error) };
      errors.error({ request_id: requestId, ...detail }, "unhandled error");
    },
  };
}

// One per process (route bundles share it), writing asynchronously: a request does not wait
// for its line to reach stdout. pino flushes what is buffered when the process exits.
const processLog = processSlot<RequestLog>("request-log");

function requestLog(): RequestLog {
  let log = processLog.get();
  if (!log) {
    log = createRequestLog(getEnv().LOG_LEVEL, {
      out: pino.destination({ dest: 1, sync: false }),
      err: pino.destination({ dest: 2, sync: false }),
    });
    processLog.set(log);
  }
  return log;
}

/** Puts a given log in place for this process (tests that read what is logged). */
export function setRequestLog(log: RequestLog | undefined): void {
  processLog.set(log);
}

export function logRequest(entry: RequestLogEntry): void {
  requestLog().request(entry);
}

export function logError(requestId: string, error: unknown): void {
  requestLog().error(requestId, error);
}
