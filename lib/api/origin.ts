import { ApiError } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { publicOrigin, type PublicUrlSettings } from "@/lib/api/public-url";

// A browser write riding on the session cookie must come from the portal's own pages: a
// cross-site form or fetch would carry the cookie but not our Origin. The whole origin is
// compared (scheme, host and port: http://site or https://site:8443 is another site to a
// browser), against the site's public address: NEXTAUTH_URL or PUBLIC_URL when set, else the
// Host the request reached, with X-Forwarded-Host/-Proto believed only as far as
// TRUST_PROXY_HOPS trusts proxies (lib/api/public-url.ts), so a client cannot name itself.

export type OriginSettings = PublicUrlSettings & { portalUrl?: string };

function settingsFromEnv(): OriginSettings {
  const env = getEnv();
  return { portalUrl: env.NEXTAUTH_URL, publicUrl: env.PUBLIC_URL, trustProxyHops: env.TRUST_PROXY_HOPS };
}

/** scheme://host[:port] of the site's own pages. */
function siteOrigin(request: Request, settings: OriginSettings): string {
  return new URL(settings.portalUrl ?? publicOrigin(request, settings)).origin;
}

function originOf(header: string | null): string | null {
  if (header === null) return null;
  try {
    return new URL(header).origin;
  } catch {
    return null;
  }
}

export function assertSameOrigin(request: Request, settings: OriginSettings = settingsFromEnv()): void {
  const origin = request.headers.get("origin");
  const sent = originOf(origin);
  // An opaque origin ("null", file:) has the origin "null" and never matches.
  if (sent === null || sent === "null" || sent !== siteOrigin(request, settings)) {
    throw new ApiError(
      "unauthorized",
      "Writes with a session cookie must come from this site's own pages.",
      `header.origin=${origin ?? "(missing)"}`,
    );
  }
}
