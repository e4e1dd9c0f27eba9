import { ApiError } from "@/lib/errors";
import { corsHeaders } from "@/lib/api/cors";

// The contract's answers outside an endpoint's wrapper too (the catch-all 404, proxy.ts's
// undecodable paths), so every answer under /api/v2 carries the same headers.

export function errorResponse(error: ApiError, requestId: string): Response {
  return withStandardHeaders(
    Response.json(error.toBody(), { status: error.status, headers: error.headers }),
    requestId,
  );
}

export function withStandardHeaders(response: Response, requestId: string): Response {
  response.headers.set("X-Request-Id", requestId);
  for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value);
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    response.headers.set("Content-Type", "application/json; charset=utf-8");
  }
  return response;
}
