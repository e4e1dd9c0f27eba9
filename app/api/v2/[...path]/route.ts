// Any other path under /api/v2 – 404 in the contract's error body
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/route";
import { requestIdFor } from "@/lib/api/request-id";

async function notFound(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  return errorResponse(new ApiError("not_found", `There is no endpoint at ${path}.`, `path=${path}`), requestIdFor(request));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
