import { ApiError } from "@/lib/errors";

// ETag and If-Match for configurations (docs/CONTRACT.md §11). Pure.

/** A strong ETag naming the configuration and its version: a recreated extension never matches an old one. */
export function etagFor(row: { id: string; version: number }): string {
  return `"${row.id}.v${row.version}"`;
}

/**
 * Throws 428 when If-Match is missing (or "*", which would overwrite changes the caller has
 * not seen), 412 with the current ETag when no tag in it is the current one. Tags compare
 * strongly (a W/ tag never matches); an unquoted tag is read as if quoted.
 */
export function assertIfMatch(header: string | undefined, current: string): void {
  if (header === undefined || header.trim() === "") {
    throw new ApiError(
      "precondition_required",
      "Send If-Match with the ETag of the configuration you read, so a change made since is not overwritten.",
      "header.if-match=(missing)",
      {
        ETag: current,
      },
    );
  }
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) {
    throw new ApiError(
      "precondition_required",
      'If-Match must name the ETag you read; "*" would overwrite changes you have not seen.',
      "header.if-match=*",
      { ETag: current },
    );
  }
  // A quoted tag matches only as it is (so a W/ one never does); an unquoted one is quoted first.
  if (!tags.some((tag) => tag === current || `"${tag}"` === current)) {
    throw new ApiError(
      "precondition_failed",
      "The configuration was changed since you read it; read it again (its current ETag is in the ETag header) and apply your change to it.",
      `header.if-match=${header.slice(0, 80)}; current ETag ${current}`,
      { ETag: current },
    );
  }
}
