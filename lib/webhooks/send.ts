import http from "node:http";
import https from "node:https";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { describeRange, refusedRange, type UrlPolicy } from "@/lib/webhooks/url-policy";

// One POST to a webhook endpoint. node:http(s) rather than fetch because its `lookup` option
// lets us check the address actually connected to: a name that resolved to a public address
// at creation but to a private one now (DNS rebinding) is refused here, at connect time.

const DELIVERY_TIMEOUT_MS = 10_000;
const KEPT_BODY_BYTES = 1024;

export type SendOutcome = {
  status: number | null;
  /** The first 1 kB of the answer. */
  body: string | null;
  error: string | null;
};

export type Sender = (
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
) => Promise<SendOutcome>;

class RefusedAddress extends Error {}

function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = Array.isArray(addresses) ? addresses : [];
      for (const entry of list) {
        const range = refusedRange(entry.address, policy);
        if (range !== null)
          return callback(
            new RefusedAddress(`${hostname} resolves to ${entry.address}, ${describeRange(range)}`),
            "",
            0,
          );
      }
      if (options.all) return callback(null, list);
      const [first] = list;
      if (!first) return callback(new Error(`${hostname} does not resolve`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

export const sendWebhook: Sender = (url, headers, body, policy) => {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup: checked here instead.
  if (ipaddr.isValid(host)) {
    const range = refusedRange(host, policy);
    if (range !== null) return Promise.resolve(failure(`${host} is ${describeRange(range)}`));
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < KEPT_BODY_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, KEPT_BODY_BYTES).toString("utf8"),
            error: null,
          }),
        );
        response.on("error", (error) => resolve(failure(describe(error))));
      },
    );
    request.on("error", (error) => resolve(failure(describe(error))));
    request.end(body);
  });
};

function failure(error: string): SendOutcome {
  return { status: null, body: null, error };
}

/** What went wrong, in the words an endpoint's owner can act on. */
function describe(error: Error & { code?: string }): string {
  if (error.name === "TimeoutError" || error.name === "AbortError")
    return `timeout after ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (error instanceof RefusedAddress) return error.message;
  if (error.code === "ECONNREFUSED") return "connection refused";
  if (error.code === "ENOTFOUND") return "host not found";
  if (error.code === "ECONNRESET") return "connection reset";
  return error.message.slice(0, 200);
}
