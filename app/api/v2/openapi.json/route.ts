// GET /api/v2/openapi.json – the OpenAPI 3.1 document, generated from the endpoint registry
import "server-only";
import { route } from "@/lib/api/route";
import { getOpenApiDocument } from "@/lib/api/openapi";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/openapi.json", {
  GET: () => getOpenApiDocument(),
});
