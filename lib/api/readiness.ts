import { requestIdFor } from "@/lib/api/request-id";
import { errorResponse } from "@/lib/api/responses";
import { serviceUnavailable } from "@/lib/api/route";
import { pingDatabase } from "@/lib/db/ping";

/** GET /api/ready's answer: 200 when the database answers, else 503 in the contract's body. */
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
    { status: "ready" },
    { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } },
  );
}
