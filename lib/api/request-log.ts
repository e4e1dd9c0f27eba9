import { getEnv } from "@/lib/env";

export type RequestLogEntry = {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  principalId: string | null;
};

// One JSON line a request. It names the principal by id only: never a token, password,
// cookie or body, so logs can be shipped anywhere.
export function logRequest(entry: RequestLogEntry): void {
  if (getEnv().LOG_LEVEL !== "info") return;
  console.log(
    JSON.stringify({
      level: "info",
      time: new Date().toISOString(),
      msg: "request",
      method: entry.method,
      route: entry.route,
      status: entry.status,
      duration_ms: Math.round(entry.durationMs * 10) / 10,
      request_id: entry.requestId,
      principal_id: entry.principalId,
    }),
  );
}

export function logError(requestId: string, error: unknown): void {
  if (getEnv().LOG_LEVEL === "silent") return;
  const detail =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  console.error(
    JSON.stringify({
      level: "error",
      time: new Date().toISOString(),
      msg: "unhandled error",
      request_id: requestId,
      ...detail,
    }),
  );
}
