import { describe, expect, it } from "vitest";
import { assertSameOrigin, type OriginSettings } from "@/lib/api/origin";
import { ApiError } from "@/lib/errors";

// A session write's Origin against the site's own origin: scheme, host and port, with
// X-Forwarded-Host/-Proto believed only as far as TRUST_PROXY_HOPS trusts proxies.
// What Next hands a route behind `next start`: request.url on localhost, whatever the client reached.
const served = "http://localhost:3900/api/v2/order";

type Case = {
  name: string;
  settings: OriginSettings;
  headers: Record<string, string>;
  allowed: boolean;
};

const noProxy: OriginSettings = { trustProxyHops: 0 };
const oneProxy: OriginSettings = { trustProxyHops: 1 };

function refusal(origin: string | undefined) {
  return new ApiError(
    "unauthorized",
    "Writes with a session cookie must come from this site's own pages.",
    `header.origin=${origin ?? "(missing)"}`,
  ).toBody();
}

describe("assertSameOrigin", () => {
  it.each<Case>([
    {
      name: "the site's own pages",
      settings: noProxy,
      headers: { host: "localhost:3900", origin: "http://localhost:3900" },
      allowed: true,
    },
    {
      name: "the same host over another scheme",
      settings: noProxy,
      headers: { host: "localhost:3900", origin: "https://localhost:3900" },
      allowed: false,
    },
    {
      name: "the same host on another port",
      settings: noProxy,
      headers: { host: "localhost:3900", origin: "http://localhost:3901" },
      allowed: false,
    },
    {
      name: "an X-Forwarded-Host naming the sender, with no proxy trusted",
      settings: noProxy,
      headers: { host: "localhost:3900", "x-forwarded-host": "evil.example", origin: "http://evil.example" },
      allowed: false,
    },
    {
      name: "the public address a trusted proxy names",
      settings: oneProxy,
      headers: {
        host: "localhost:3900",
        "x-forwarded-host": "numbers.example",
        "x-forwarded-proto": "https",
        origin: "https://numbers.example",
      },
      allowed: true,
    },
    {
      name: "a host the client put before the trusted proxy's entry",
      settings: oneProxy,
      headers: {
        host: "localhost:3900",
        "x-forwarded-host": "evil.example, numbers.example",
        "x-forwarded-proto": "https, https",
        origin: "https://evil.example",
      },
      allowed: false,
    },
    {
      name: "plain http when the trusted proxy says https",
      settings: oneProxy,
      headers: {
        host: "localhost:3900",
        "x-forwarded-host": "numbers.example",
        "x-forwarded-proto": "https",
        origin: "http://numbers.example",
      },
      allowed: false,
    },
    {
      name: "PUBLIC_URL with a path prefix and the default port written out",
      settings: { trustProxyHops: 0, publicUrl: "https://numbers.example/portal" },
      headers: { host: "localhost:3900", origin: "https://numbers.example:443" },
      allowed: true,
    },
    {
      name: "NEXTAUTH_URL, the portal's address, before PUBLIC_URL",
      settings: { trustProxyHops: 0, portalUrl: "https://portal.example", publicUrl: "https://api.example" },
      headers: { host: "localhost:3900", origin: "https://portal.example" },
      allowed: true,
    },
    {
      name: "an opaque origin",
      settings: noProxy,
      headers: { host: "localhost:3900", origin: "null" },
      allowed: false,
    },
  ])("$name: allowed=$allowed", ({ settings, headers, allowed }) => {
    const request = new Request(served, { method: "POST", headers });
    if (allowed) expect(() => assertSameOrigin(request, settings)).not.toThrow();
    else {
      let thrown: unknown;
      try {
        assertSameOrigin(request, settings);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).toBody()).toEqual(refusal(headers.origin));
    }
  });

  it("refuses a write without Origin", () => {
    const request = new Request(served, { method: "POST", headers: { host: "localhost:3900" } });
    expect(() => assertSameOrigin(request, noProxy)).toThrow(ApiError);
  });
});
