// Any other path under /api/v2 – 404 in the API's error body
import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/api/responses";
import { requestIdFor } from "@/lib/api/request-id";
import { withoutTrailingSlash } from "@/lib/api/raw-url";

async function notFound(request: Request): Promise<Response> {
  const raw = new URL(request.url).pathname;
  const path = withoutTrailingSlash(raw) ?? raw;
  return errorResponse(
    new ApiError("not_found", `There is no endpoint at ${path}.`, `path=${path}`),
    requestIdFor(request),
  );
}

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
