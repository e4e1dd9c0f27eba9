import { ApiError } from "@/lib/errors";

// docs/CONTRACT.md §1: a path or query that cannot be percent-decoded is the client's mistake, a 400
// in the API's error body, not Next's 400/500 page. Checked on the raw text, before anything
// decodes it.

/** 400 invalid_parameter for the first path segment that is not valid percent-encoded UTF-8. */
export function assertDecodablePath(pathname: string): void {
  for (const segment of pathname.split("/")) {
    if (!decodes(segment)) {
      throw new ApiError(
        "invalid_parameter",
        `The path segment '${segment}' is not valid percent-encoding (a % must start %XX of UTF-8).`,
        `path=${pathname}`,
      );
    }
  }
}

/** 400 invalid_parameter naming the first query parameter whose name or value cannot be decoded. */
export function assertDecodableQuery(search: string): void {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (query === "") return;
  for (const pair of query.split("&")) {
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (decodes(name) && decodes(value)) continue;
    const label = decodes(name) ? decodeURIComponent(name.replace(/\+/g, " ")) : name;
    throw new ApiError(
      "invalid_parameter",
      `The query parameter '${label}' is not valid percent-encoding (a % must start %XX of UTF-8).`,
      `query.${label}=${value}`,
    );
  }
}

function decodes(text: string): boolean {
  if (!text.includes("%")) return true;
  try {
    decodeURIComponent(text.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/**
 * The path an /api/v2 request is answered as: without a trailing slash (never a redirect), or
 * null when it needs no change.
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (!pathname.endsWith("/") || pathname === "/") return null;
  return pathname.replace(/\/+$/, "") || "/";
}
