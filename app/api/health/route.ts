// GET /api/health – liveness for load balancers (contract §13): no token, no database, no
// rate limit, no request log line.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
