import "server-only";
import { requestIdFor } from "@/lib/api/request-id";
import { errorResponse } from "@/lib/api/responses";
import { serviceUnavailable } from "@/lib/api/route";
import { pingDatabase } from "@/lib/db/ping";
import { databaseStatuses } from "@/lib/db/replicas";

/**
 * GET /api/ready's answer: 200 when the primary answers, with each database and the replicas'
 * lag (docs/CONTRACT.md §18: a replica that does not answer is reported, not a reason to be unready);
 * else 503 in the API's error body.
 */
export async function answerReadiness(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  try {
    await pingDatabase();
  } catch {
    const response = errorResponse(serviceUnavailable(requestId), requestId);
    response.headers.set("Cache-Control", "no-store");
    return response;
  }
  return Response.json(
    { status: "ready", databases: await databaseStatuses() },
    { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } },
  );
}
