import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { assertCallableUrl, refusedRange } from "@/lib/webhooks/url-policy";

const strict = { allowLoopbackHttp: false };
const testing = { allowLoopbackHttp: true };

async function refusal(url: string, policy = strict): Promise<string | null> {
  try {
    await assertCallableUrl(url, policy);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.message;
  }
}

describe("webhook URL policy", () => {
  it.each([
    ["https://10.0.0.1/hook", "url is not allowed: 10.0.0.1 is a private address."],
    ["https://169.254.169.254/latest", "url is not allowed: 169.254.169.254 is a link-local address."],
    ["https://192.168.1.1/", "url is not allowed: 192.168.1.1 is a private address."],
    ["https://172.16.5.4/", "url is not allowed: 172.16.5.4 is a private address."],
    ["https://[::1]/hook", "url is not allowed: ::1 is a loopback address."],
    ["https://[fe80::1]/hook", "url is not allowed: fe80::1 is a link-local address."],
    ["https://[fd00::1]/hook", "url is not allowed: fd00::1 is a unique-local (private) address."],
    ["https://[::ffff:10.0.0.1]/hook", "url is not allowed: ::ffff:a00:1 is a private address."],
    ["https://0.0.0.0/", "url is not allowed: 0.0.0.0 is an unspecified address."],
    ["https://224.0.0.1/", "url is not allowed: 224.0.0.1 is a multicast address."],
    ["https://127.0.0.1/", "url is not allowed: 127.0.0.1 is a loopback address."],
    ["http://93.184.216.34/", "url is not allowed: it must use https."],
    ["ftp://93.184.216.34/", "url is not allowed: it must use https."],
    ["https://user:pw@93.184.216.34/", "url is not allowed: it must not carry a user name or password."],
  ])("refuses %s without the test switch", async (url, message) => {
    expect(await refusal(url)).toBe(message);
  });

  it("refuses a name that resolves to a loopback address", async () => {
    expect(await refusal("https://localhost/hook")).toMatch(
      /^url is not allowed: localhost resolves to (127\.0\.0\.1|::1), a loopback address\.$/,
    );
  });

  it("allows a public address over https, and loopback over http only with the switch", async () => {
    expect(await refusal("https://93.184.216.34/hook")).toBeNull();
    expect(await refusal("http://127.0.0.1:8080/hook", testing)).toBeNull();
    expect(await refusal("http://[::1]:8080/hook", testing)).toBeNull();
    expect(await refusal("http://localhost:8080/hook", testing)).toBeNull();
    // The switch names the loopback case only: private addresses stay refused.
    expect(await refusal("https://10.0.0.1/hook", testing)).toBe(
      "url is not allowed: 10.0.0.1 is a private address.",
    );
    expect(await refusal("http://93.184.216.34/hook", testing)).toBe(
      "url is not allowed: http is allowed for loopback addresses only.",
    );
  });

  it("judges the address a delivery connects to by the same rule", () => {
    expect(refusedRange("8.8.8.8", strict)).toBeNull();
    expect(refusedRange("127.0.0.1", strict)).toBe("loopback");
    expect(refusedRange("127.0.0.1", testing)).toBeNull();
    expect(refusedRange("10.1.2.3", testing)).toBe("private");
  });
});
