import { ApiError } from "@/lib/errors";
import { endpoints, splitKey, type Method } from "@/lib/api/registry";
import { errorResponse } from "@/lib/api/responses";
import { methodNotAllowedError } from "@/lib/api/method-not-allowed";
import { requestIdFor } from "@/lib/api/request-id";

// What the custom server (scripts/server.ts) decides before Next sees a request, for the edges
// Next itself gets wrong:
// - an absolute-form target (`GET http://other.example/x HTTP/1.1`) is served as its path, so
//   Next's slash normalization cannot redirect it to the host it names;
// - under /api, a path with a `.` or `..` segment (also as %2e) answers the API's 404 rather
//   than being resolved to another path (the portal's HTML 404);
// - under /api, a method Next cannot route (TRACE is refused by undici's Request, WebDAV
//   methods by the route module) answers the API's 405 with Allow.

/** The methods Next's route handlers receive; any other method never reaches the wrapper. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
const API_V2 = "/api/v2";

const templates = Object.keys(endpoints).map((key) => {
  const { method, path } = splitKey(key);
  const pattern = path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+");
  return { method, path, pattern: new RegExp(`^${pattern}$`) };
});

/** Either the origin-form target to hand to Next, or the answer to send instead. */
export type FrontDoorDecision = { target: string } | { answer: Response };

export function frontDoor(method: string, requestTarget: string, headers: Headers): FrontDoorDecision {
  const target = originForm(requestTarget);
  const queryAt = target.search(/[?#]/);
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!pathname.startsWith("/api/") && pathname !== "/api") return { target };
  const requestId = requestIdFor({ headers });
  if (hasDotSegment(pathname)) {
    return {
      answer: errorResponse(
        new ApiError("not_found", `There is no endpoint at ${pathname}.`, `path=${pathname}`),
        requestId,
      ),
    };
  }
  if (ROUTED_METHODS.has(method)) return { target };
  const allowed = allowedAt(pathname);
  const error = allowed
    ? methodNotAllowedError(method, allowed)
    : new ApiError("not_found", `There is no endpoint at ${pathname}.`, `path=${pathname}`);
  return { answer: errorResponse(error, requestId) };
}

/** The path and query of a request target; an absolute-form target loses its scheme and host. */
export function originForm(requestTarget: string): string {
  const match = ABSOLUTE_FORM.exec(requestTarget);
  if (!match) return requestTarget;
  const rest = requestTarget.slice(match[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

function hasDotSegment(pathname: string): boolean {
  return pathname.split("/").some((segment) => {
    const lowered = segment.toLowerCase().replace(/%2e/g, ".");
    return lowered === "." || lowered === "..";
  });
}

/** The methods a path under /api serves, or null when nothing is there. */
export function allowedAt(pathname: string): Method[] | null {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  if (path === "/api/health" || path === "/api/ready") return ["GET"];
  if (path.startsWith("/api/auth/")) return ["GET", "POST"];
  if (!path.startsWith(`${API_V2}/`)) return null;
  const relative = path.slice(API_V2.length);
  const matching = templates.filter((template) => template.pattern.test(relative));
  if (matching.length === 0) return null;
  // A literal segment beats a parameter (/numbers/{id} vs a fixed path): keep the most literal path.
  const literalness = (template: string) =>
    template.split("/").filter((segment) => !segment.startsWith("{")).length;
  const chosen = matching.reduce((best, template) =>
    literalness(template.path) > literalness(best.path) ? template : best,
  );
  return matching.filter((template) => template.path === chosen.path).map((template) => template.method);
}
