import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { clientAddress, withoutClientForwarding } from "@/lib/http/client-address";
import { callerKey } from "@/lib/api/rate-limit";
import { config, proxy } from "@/proxy";

describe("clientAddress", () => {
  it.each([
    // No proxy: proxy.ts has removed what the client sent, so the one entry is Next's, from the socket.
    { header: "203.0.113.9", hops: 0, address: "203.0.113.9" },
    { header: "::FFFF:127.0.0.1", hops: 0, address: "::ffff:127.0.0.1" },
    // Even if a client's list got through, only its rightmost entry could be taken.
    { header: "198.51.100.1, 203.0.113.9", hops: 0, address: "203.0.113.9" },
    // One proxy appends the address it saw; whatever the client wrote sits to its left.
    { header: "198.51.100.1, 203.0.113.9", hops: 1, address: "203.0.113.9" },
    { header: "203.0.113.9", hops: 1, address: "203.0.113.9" },
    // Two proxies: the nearer one appended the farther one's address, so the client is second from the right.
    { header: "198.51.100.1, 203.0.113.9, 10.0.0.2", hops: 2, address: "203.0.113.9" },
    { header: " 2001:db8::1 ,10.0.0.2", hops: 2, address: "2001:db8::1" },
    // Fewer entries than proxies: the request went around them, so nothing is known.
    { header: "203.0.113.9", hops: 2, address: null },
    { header: null, hops: 0, address: null },
    { header: undefined, hops: 1, address: null },
    { header: "", hops: 0, address: null },
    { header: "unknown", hops: 0, address: null },
    { header: "203.0.113.9, ", hops: 0, address: null },
    { header: "<script>", hops: 0, address: null },
    { header: "1".repeat(46), hops: 0, address: null },
  ])("reads $header with $hops trusted proxies as $address", ({ header, hops, address }) => {
    expect(clientAddress(header, hops)).toBe(address);
  });
});

describe("the anonymous rate-limit key (TRUST_PROXY_HOPS=0 in the tests)", () => {
  const request = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/api/v2/destinations/US/local", { headers });

  it.each<{ headers: Record<string, string>; key: string }>([
    { headers: { "x-forwarded-for": "203.0.113.9" }, key: "ip:203.0.113.9" },
    { headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.9" }, key: "ip:203.0.113.9" },
    // X-Real-IP is the client's word alone: never read.
    { headers: { "x-real-ip": "198.51.100.7" }, key: "ip:unknown" },
    { headers: { "x-forwarded-for": "not an address" }, key: "ip:unknown" },
    { headers: {}, key: "ip:unknown" },
  ])("is $key for $headers", ({ headers, key }) => {
    expect(callerKey(null, request(headers))).toBe(key);
  });

  it("is the principal's when there is one, whatever the headers say", () => {
    expect(callerKey({ kind: "token", id: "tok_1" }, request({ "x-forwarded-for": "203.0.113.9" }))).toBe(
      "token:tok_1",
    );
  });
});

describe("proxy.ts and X-Forwarded-For", () => {
  it.each([
    {
      url: "http://localhost:3000/api/auth/callback/credentials",
      headers: { "x-forwarded-for": "198.51.100.1" },
      runs: true,
    },
    {
      url: "http://localhost:3000/api/v2/destinations/US/local",
      headers: { "x-forwarded-for": "198.51.100.1" },
      runs: true,
    },
    {
      url: "http://localhost:3000/sso/callback",
      headers: { "x-forwarded-for": "198.51.100.1" },
      runs: true,
    },
    { url: "http://localhost:3000/sso/callback", headers: {}, runs: false },
    // Without the header there is nothing to remove, and API requests do not pay for the proxy.
    { url: "http://localhost:3000/api/v2/destinations/US/local", headers: {}, runs: false },
    { url: "http://localhost:3000/inventory", headers: {}, runs: true },
  ])("runs for $url with $headers: $runs", ({ url, headers, runs }) => {
    expect(unstable_doesMiddlewareMatch({ config, url, headers })).toBe(runs);
  });

  it("removes a client-sent X-Forwarded-For from /api/* when no proxy is trusted, so Next fills in the socket's", async () => {
    const request = new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.1", "content-type": "application/x-www-form-urlencoded" },
    });
    const response = await proxy(request);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    const kept = response.headers.get("x-middleware-override-headers")?.split(",") ?? [];
    expect(kept).toContain("content-type");
    expect(kept).not.toContain("x-forwarded-for");
    expect(response.headers.get("x-middleware-request-x-forwarded-for")).toBeNull();
  });

  it("removes it from /sso/* as well, where single sign-on audits the address, and sends nobody to /sign-in", async () => {
    const request = new NextRequest("http://localhost:3000/sso/callback?code=c&state=s", {
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    const response = await proxy(request);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-override-headers")?.split(",") ?? []).not.toContain(
      "x-forwarded-for",
    );
  });

  it.each([
    { hops: 0, header: "198.51.100.1", kept: false },
    { hops: 1, header: "198.51.100.1", kept: true },
    { hops: 2, header: "198.51.100.1, 10.0.0.2", kept: true },
  ])("with $hops trusted proxies keeps X-Forwarded-For: $kept", ({ hops, header, kept }) => {
    const result = withoutClientForwarding(new Headers({ "x-forwarded-for": header, accept: "*/*" }), hops);
    if (kept) expect(result).toBeNull();
    else expect([...(result ?? new Headers()).entries()]).toEqual([["accept", "*/*"]]);
  });

  it("leaves a request without the header alone", () => {
    expect(withoutClientForwarding(new Headers({ accept: "*/*" }), 0)).toBeNull();
  });
});
