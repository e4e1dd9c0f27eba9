import { ApiError } from "@/lib/errors";

// A browser write riding on the session cookie must come from the portal's own pages
// (contract §2): a cross-site form or fetch would carry the cookie but not our Origin.
// Behind a proxy the Host header names the site, so compare against it, not the socket.
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (originHost !== host) {
    throw new ApiError(
      "unauthorized",
      "Writes with a session cookie must come from this site's own pages.",
      `header.origin=${origin ?? "(missing)"}`,
    );
  }
}
