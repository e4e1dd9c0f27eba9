import { getEnv } from "@/lib/env";
import { withoutTrailingSlash } from "@/lib/api/raw-url";

// The URLs the API writes (Link, Location) must be ones the client can follow (docs/CONTRACT.md §1).
// Behind `next start` a route sees request.url as http://localhost:<port>/…, whatever host
// the client reached, with X-Forwarded-Proto applied even when a client sent it. So:
// 1. PUBLIC_URL, when set, is the service's address, full stop;
// 2. else the request's own Host header (what the client typed);
// 3. X-Forwarded-Host / X-Forwarded-Proto only when TRUST_PROXY_HOPS says proxies write them,
//    read as the entry the outermost trusted proxy wrote (as client-address.ts reads
//    X-Forwarded-For), so a client-sent value cannot steer links.

export type PublicUrlSettings = { publicUrl?: string; trustProxyHops: number };

// A host name or IPv4 / bracketed IPv6 address, with an optional port: anything else in a
// Host header (which the client writes) is not put into a header we send back.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

function settingsFromEnv(): PublicUrlSettings {
  const env = getEnv();
  return { publicUrl: env.PUBLIC_URL, trustProxyHops: env.TRUST_PROXY_HOPS };
}

/** The request's URL as the client addressed it (no trailing slash): the base for Link and Location. */
export function publicRequestUrl(request: Request, settings: PublicUrlSettings = settingsFromEnv()): string {
  const own = new URL(request.url);
  const pathname = withoutTrailingSlash(own.pathname) ?? own.pathname;
  return `${publicOrigin(request, settings)}${pathname}${own.search}`;
}

/** scheme://host[:port][/prefix] of the service, without a trailing slash. */
export function publicOrigin(request: Request, settings: PublicUrlSettings = settingsFromEnv()): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, "");
  const own = new URL(request.url);
  let protocol = "http";
  let host = validHost(request.headers.get("host")) ?? own.host;
  if (settings.trustProxyHops > 0) {
    const forwardedHost = validHost(
      trustedEntry(request.headers.get("x-forwarded-host"), settings.trustProxyHops),
    );
    const forwardedProto = trustedEntry(
      request.headers.get("x-forwarded-proto"),
      settings.trustProxyHops,
    )?.toLowerCase();
    if (forwardedHost) host = forwardedHost;
    if (forwardedProto === "http" || forwardedProto === "https") protocol = forwardedProto;
  }
  return `${protocol}://${host}`;
}

/** The entry the outermost of `hops` trusted proxies wrote, or null when there is none. */
function trustedEntry(header: string | null, hops: number): string | null {
  if (header === null) return null;
  const entries = header.split(",").map((entry) => entry.trim());
  const index = entries.length - hops;
  return index >= 0 ? entries[index] : entries.length > 0 ? entries[0] : null;
}

function validHost(value: string | null): string | null {
  return value !== null && HOST.test(value) ? value : null;
}
