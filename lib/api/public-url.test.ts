import { describe, expect, it } from "vitest";
import { publicRequestUrl, type PublicUrlSettings } from "@/lib/api/public-url";
import { parseEnv } from "@/lib/env";

// What Next hands a route behind `next start`: request.url on localhost, whatever the client
// reached, with a client-sent X-Forwarded-Proto already applied to it.
const served = "https://localhost:3900/api/v2/inventory/US/?limit=2";

function request(headers: Record<string, string>, url = served): Request {
  return new Request(url, { headers });
}

const noProxy: PublicUrlSettings = { trustProxyHops: 0 };
const oneProxy: PublicUrlSettings = { trustProxyHops: 1 };
const twoProxies: PublicUrlSettings = { trustProxyHops: 2 };

type Case = { name: string; settings: PublicUrlSettings; headers: Record<string, string>; expected: string };

describe("publicRequestUrl (docs/CONTRACT.md §1)", () => {
  it.each<Case>([
    {
      name: "PUBLIC_URL wins over every header",
      settings: { trustProxyHops: 1, publicUrl: "https://numbers.example/" },
      headers: { host: "api.example", "x-forwarded-host": "proxy.example" },
      expected: "https://numbers.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "PUBLIC_URL with a path prefix",
      settings: { trustProxyHops: 0, publicUrl: "https://example.com/numbers" },
      headers: {},
      expected: "https://example.com/numbers/api/v2/inventory/US?limit=2",
    },
    {
      name: "no proxy: the Host the client reached, over http",
      settings: noProxy,
      headers: { host: "api.example:8080" },
      expected: "http://api.example:8080/api/v2/inventory/US?limit=2",
    },
    {
      name: "no proxy: client-sent forwarding headers are ignored",
      settings: noProxy,
      headers: { host: "api.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      expected: "http://api.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "no proxy and no Host: the served host",
      settings: noProxy,
      headers: {},
      expected: "http://localhost:3900/api/v2/inventory/US?limit=2",
    },
    {
      name: "a Host that is not a host name is not echoed",
      settings: noProxy,
      headers: { host: "a.example>; rel=x" },
      expected: "http://localhost:3900/api/v2/inventory/US?limit=2",
    },
    {
      name: "an IPv6 Host",
      settings: noProxy,
      headers: { host: "[::1]:3000" },
      expected: "http://[::1]:3000/api/v2/inventory/US?limit=2",
    },
    {
      name: "one trusted proxy: its host and protocol",
      settings: oneProxy,
      headers: { host: "app:3000", "x-forwarded-host": "numbers.example", "x-forwarded-proto": "https" },
      expected: "https://numbers.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "one trusted proxy appending: the client's own entry is skipped",
      settings: oneProxy,
      headers: {
        host: "app:3000",
        "x-forwarded-host": "evil.example, numbers.example",
        "x-forwarded-proto": "http, https",
      },
      expected: "https://numbers.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "two trusted proxies: the outer one's entry",
      settings: twoProxies,
      headers: {
        host: "app:3000",
        "x-forwarded-host": "numbers.example, lb.internal",
        "x-forwarded-proto": "https, http",
      },
      expected: "https://numbers.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "a trusted proxy that sends no forwarding headers: the Host",
      settings: oneProxy,
      headers: { host: "numbers.example" },
      expected: "http://numbers.example/api/v2/inventory/US?limit=2",
    },
    {
      name: "an unknown forwarded protocol is ignored",
      settings: oneProxy,
      headers: { host: "numbers.example", "x-forwarded-proto": "gopher" },
      expected: "http://numbers.example/api/v2/inventory/US?limit=2",
    },
  ])("$name", ({ settings, headers, expected }) => {
    expect(publicRequestUrl(request(headers), settings)).toBe(expected);
  });
});

describe("PUBLIC_URL is checked at start-up", () => {
  it.each([
    ["https://numbers.example", "https://numbers.example"],
    ["http://10.0.0.5:8080/numbers", "http://10.0.0.5:8080/numbers"],
  ])("%s is accepted", (value, expected) => {
    expect(parseEnv({ PUBLIC_URL: value }).PUBLIC_URL).toBe(expected);
  });

  it.each([
    ["numbers.example", "Invalid environment: PUBLIC_URL: PUBLIC_URL must be an http(s):// URL"],
    ["ftp://numbers.example", "Invalid environment: PUBLIC_URL: PUBLIC_URL must be an http(s):// URL"],
    [
      "https://numbers.example/?a=1",
      "Invalid environment: PUBLIC_URL: PUBLIC_URL must not have a query or fragment",
    ],
  ])("%s stops the process with one line", (value, message) => {
    expect(() => parseEnv({ PUBLIC_URL: value })).toThrow(message);
  });
});
