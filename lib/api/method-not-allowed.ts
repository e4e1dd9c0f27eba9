import { ApiError } from "@/lib/errors";
import type { Method } from "@/lib/api/registry";

// One 405 for every door: the route wrapper's exports for methods a path does not serve, and the
// custom server (scripts/server.ts) for methods Next cannot route at all (TRACE, WebDAV).

/** The Allow header for a path that serves `allowed` (OPTIONS is always answered). */
export function allowHeader(allowed: readonly Method[]): string {
  return [...allowed, "OPTIONS"].join(", ");
}

/** 405 method_not_allowed naming the method and carrying Allow. */
export function methodNotAllowedError(method: string, allowed: readonly Method[]): ApiError {
  return new ApiError(
    "method_not_allowed",
    `${method} is not allowed here; use ${allowed.join(" or ")}.`,
    `method=${method}`,
    { Allow: allowHeader(allowed) },
  );
}
