// GET /api/ready – readiness (docs/CONTRACT.md §13): 200 when the database answers, else 503 in the
// contract's error body with Retry-After. No token, no rate limit, no request log line.
import "server-only";
import { methodNotAllowed } from "@/lib/api/route";
import { answerReadiness } from "@/lib/api/readiness";

export const dynamic = "force-dynamic";

// Any other method: 405 in the API's error body with Allow, as under /api/v2.
const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

export function GET(request: Request): Promise<Response> {
  return answerReadiness(request);
}
