// GET /api/ready – readiness (contract §13): 200 when the database answers, else 503 in the
// contract's error body with Retry-After. No token, no rate limit, no request log line.
import { answerReadiness } from "@/lib/api/readiness";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return answerReadiness(request);
}
