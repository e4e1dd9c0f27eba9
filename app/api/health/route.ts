// GET /api/health – liveness for load balancers (docs/CONTRACT.md §13): no token, no database, no
// rate limit, no request log line.
import "server-only";
import { methodNotAllowed } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// Any other method: 405 in the API's error body with Allow, as under /api/v2.
const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
