import { lookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { ApiError } from "@/lib/errors";

// Which webhook URLs the service may call (docs/CONTRACT.md §14): a webhook must not become a way to
// reach the service's own network. Only public unicast addresses pass (ipaddr.js names the
// ranges: private, link-local, loopback, unique-local, multicast, unspecified, reserved, …);
// with WEBHOOKS_ALLOW_HTTP=1 loopback passes too, over http or https, for tests.
// Names are resolved and every address checked at creation, and again at delivery by the
// request's own lookup (lib/webhooks/send.ts), so a name that later resolves elsewhere (DNS
// rebinding) is refused at the moment of connecting.

export type UrlPolicy = { allowLoopbackHttp: boolean };

/** The range that makes `address` one the service may not call, or null when it may. */
export function refusedRange(address: string, policy: UrlPolicy): string | null {
  if (!ipaddr.isValid(address)) return "unparsable";
  // process(): an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 one.
  const range = ipaddr.process(address).range();
  if (range === "unicast") return null;
  if (range === "loopback" && policy.allowLoopbackHttp) return null;
  return range;
}

const rangeWords: Record<string, string> = {
  private: "a private",
  linkLocal: "a link-local",
  loopback: "a loopback",
  uniqueLocal: "a unique-local (private)",
  unspecified: "an unspecified",
  multicast: "a multicast",
  broadcast: "a broadcast",
  carrierGradeNat: "a carrier-grade NAT",
  reserved: "a reserved",
};

/** "a private address", for messages. */
export function describeRange(range: string): string {
  return `${rangeWords[range] ?? `a ${range}`} address`;
}

/** The host as a URL names it, without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** 400 invalid_parameter naming `url` unless the service may call it (resolving a name). */
export async function assertCallableUrl(raw: string, policy: UrlPolicy): Promise<void> {
  const refuse = (why: string) =>
    new ApiError("invalid_parameter", `url is not allowed: ${why}.`, `body.url=${raw}`);
  const url = new URL(raw);
  const host = hostOf(url);
  if (url.username || url.password) throw refuse("it must not carry a user name or password");
  if (url.protocol === "http:") {
    if (!policy.allowLoopbackHttp) throw refuse("it must use https");
  } else if (url.protocol !== "https:") throw refuse("it must use https");

  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  if (addresses === null) throw refuse(`${host} does not resolve`);
  for (const address of addresses) {
    const range = refusedRange(address, policy);
    if (range === null) continue;
    throw refuse(
      address === host
        ? `${address} is ${describeRange(range)}`
        : `${host} resolves to ${address}, ${describeRange(range)}`,
    );
  }
  // http is for the loopback test case only: every address must be loopback.
  const loopbackOnly =
    isLoopbackName(host) || addresses.every((a) => ipaddr.process(a).range() === "loopback");
  if (url.protocol === "http:" && !loopbackOnly) throw refuse("http is allowed for loopback addresses only");
}

async function resolve(host: string): Promise<string[] | null> {
  try {
    const found: LookupAddress[] = await lookup(host, { all: true, verbatim: true });
    return found.length === 0 ? null : found.map((entry) => entry.address);
  } catch {
    return null;
  }
}
