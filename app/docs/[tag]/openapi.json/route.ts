// GET /docs/<tag>/openapi.json – one tag's part of the OpenAPI document (lib/api/openapi-tags.ts):
// what /docs's request client loads for that tag's "try it", rather than the whole document.
// The whole document stays at /api/v2/openapi.json.
import "server-only";
import { getTagDocument } from "@/lib/api/openapi-tags";

export async function GET(
  request: Request,
  { params }: { params: Promise<{ tag: string }> },
): Promise<Response> {
  const served = getTagDocument((await params).tag);
  if (!served) return Response.json({ message: "No such tag in the API reference." }, { status: 404 });
  // The document changes only with a new build: a revisit asks, and an unchanged one is not sent again.
  const headers = { "Cache-Control": "no-cache", ETag: served.etag };
  if (request.headers.get("if-none-match") === served.etag)
    return new Response(null, { status: 304, headers });
  return new Response(served.body, { headers: { ...headers, "Content-Type": "application/json" } });
}
