// The client's address for the sign-in throttle and the anonymous rate limit, read from
// X-Forwarded-For only as far as TRUST_PROXY_HOPS proxies vouch for it (docs/SECURITY.md).
// With 0, proxy.ts drops a client-sent header so Next fills in the socket's address.

import { getEnv } from "@/lib/env";

/** A plausible IPv4 or IPv6 address (letters, digits, dots, colons), short enough to be a key. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/** The client's address, or null when the header does not name one that the settings trust. */
export function clientAddress(
  forwardedFor: string | null | undefined,
  trustProxyHops: number,
): string | null {
  if (typeof forwardedFor !== "string") return null;
  const entries = forwardedFor.split(",").map((entry) => entry.trim());
  // With no proxy, Next's own entry is the only one; with N proxies, the Nth from the right.
  const index = entries.length - Math.max(1, trustProxyHops);
  if (index < 0) return null; // Fewer entries than proxies: the request went around them.
  const address = entries[index];
  return ADDRESS.test(address) ? address.toLowerCase() : null;
}

/** A request's client address as TRUST_PROXY_HOPS lets it be known (rate limit, audit log). */
export function requestClientAddress(headers: Headers): string | null {
  return clientAddress(headers.get("x-forwarded-for"), getEnv().TRUST_PROXY_HOPS);
}

/**
 * For proxy.ts: the request's headers without a client-sent X-Forwarded-For when no proxy is
 * trusted (Next then fills it from the socket), or null when the headers may pass unchanged.
 */
export function withoutClientForwarding(headers: Headers, trustProxyHops: number): Headers | null {
  if (trustProxyHops > 0 || !headers.has("x-forwarded-for")) return null;
  const stripped = new Headers(headers);
  stripped.delete("x-forwarded-for");
  return stripped;
}
