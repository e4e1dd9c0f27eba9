// Which address a request came from, for the sign-in throttle and the anonymous rate limit.
//
// A route handler cannot see the socket: Next hands it headers only. What it does see is
// X-Forwarded-For, which Next fills with the socket's peer address only when the request
// did not carry one, so on its own the header is whatever the client chose to send.
//
// TRUST_PROXY_HOPS says how many proxies in front of the app append to the header:
// - N > 0: each appends the address it saw, so the Nth entry from the right was written by
//   the proxy that faced the client, and entries left of it are the client's own words.
// - 0 (no proxy): no entry is the client's to write. proxy.ts removes a client-sent
//   X-Forwarded-For from /api/* requests, so Next fills in the socket's address, and that
//   single entry is what is read here. Paths proxy.ts does not cover would see the client's
//   header, which is why only the rightmost entry is ever taken.
// X-Real-IP is never read: nothing vouches for it.

/** A plausible IPv4 or IPv6 address (letters, digits, dots, colons), short enough to be a key. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/** The client's address, or null when the header does not name one that the settings trust. */
export function clientAddress(forwardedFor: string | null | undefined, trustProxyHops: number): string | null {
  if (typeof forwardedFor !== "string") return null;
  const entries = forwardedFor.split(",").map((entry) => entry.trim());
  // With no proxy, Next's own entry is the only one; with N proxies, the Nth from the right.
  const index = entries.length - Math.max(1, trustProxyHops);
  if (index < 0) return null; // Fewer entries than proxies: the request went around them.
  const address = entries[index];
  return ADDRESS.test(address) ? address.toLowerCase() : null;
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
