import { readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Requests no HTTP client library sends, written to a socket as a hostile client
// would, against the built server `npm start` runs (scripts/server.ts in front of Next). Before it,
// TRACE answered Next's 500 text/plain, PROPFIND/MKCOL/LOCK an empty 400, /api/v2/%2e%2e the
// portal's HTML 404, and an absolute-form target a 308 to the host it named.

function demoToken(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-credentials.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { token: string }).token;
}

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** One request over a fresh socket, `Connection: close`, read to the end (chunked bodies decoded). */
async function raw(
  baseURL: string,
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(baseURL);
  const lines = [
    requestLine,
    `Host: ${host}`,
    "Connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
  const [head, ...rest] = text.split("\r\n\r\n");
  const [statusLine, ...headerLines] = head.split("\r\n");
  const parsed = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  const body = rest.join("\r\n\r\n");
  return {
    status: Number(statusLine.split(" ")[1]),
    headers: parsed,
    body: parsed["transfer-encoding"] === "chunked" ? dechunk(body) : body,
  };
}

function dechunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, end), 16);
    if (!size) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

const notAllowed = (method: string, allowed: string) => ({
  message: "Method Not Allowed",
  error: {
    message: `${method} is not allowed here; use ${allowed}.`,
    details: `method=${method}`,
    code: "method_not_allowed",
  },
});

test.describe("raw requests on the built server", () => {
  for (const { method, pathname, allow, use } of [
    { method: "TRACE", pathname: "/api/v2/countries", allow: "GET, OPTIONS", use: "GET" },
    { method: "PROPFIND", pathname: "/api/v2/countries", allow: "GET, OPTIONS", use: "GET" },
    {
      method: "MKCOL",
      pathname: "/api/v2/cart",
      allow: "GET, PUT, DELETE, OPTIONS",
      use: "GET or PUT or DELETE",
    },
    {
      method: "LOCK",
      pathname: "/api/v2/numbers/abc",
      allow: "GET, PUT, DELETE, OPTIONS",
      use: "GET or PUT or DELETE",
    },
    { method: "TRACE", pathname: "/api/health", allow: "GET, OPTIONS", use: "GET" },
  ]) {
    test(`${method} ${pathname} → 405 JSON with Allow`, async ({ baseURL }) => {
      const answer = await raw(baseURL!, `${method} ${pathname} HTTP/1.1`, { "X-Request-Id": "raw-e2e" });
      expect(answer.status).toBe(405);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers["x-request-id"]).toBe("raw-e2e");
      expect(answer.headers["allow"]).toBe(allow);
      expect(JSON.parse(answer.body)).toEqual(notAllowed(method, use));
    });
  }

  test("TRACE on a path with no endpoint is the API's 404", async ({ baseURL }) => {
    const answer = await raw(baseURL!, "TRACE /api/v2/nowhere HTTP/1.1");
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(answer.body).error.code).toBe("not_found");
  });

  for (const pathname of ["/api/v2/%2e%2e", "/api/v2/%2E%2E/v2/countries", "/api/v2/countries/."]) {
    test(`GET ${pathname} → the API's 404, not the portal's page`, async ({ baseURL }) => {
      const answer = await raw(baseURL!, `GET ${pathname} HTTP/1.1`, { "X-Request-Id": "raw-e2e" });
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers["x-request-id"]).toBe("raw-e2e");
      expect(JSON.parse(answer.body)).toEqual({
        message: "Not Found",
        error: {
          message: `There is no endpoint at ${pathname}.`,
          details: `path=${pathname}`,
          code: "not_found",
        },
      });
    });
  }

  for (const target of [
    "http://evil.example/api/v2/countries",
    "HTTP://evil.example:8080/api/v2/countries/",
  ]) {
    test(`an absolute-form target (${target}) is served as its path, never redirected`, async ({
      baseURL,
    }) => {
      const answer = await raw(baseURL!, `GET ${target} HTTP/1.1`, {
        Authorization: `Bearer ${demoToken()}`,
      });
      expect(answer.headers["location"]).toBeUndefined();
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(answer.body)).toContainEqual({ id: "US", english_name: "United States" });
    });
  }

  test("an absolute-form target to a portal page is not redirected to the host it names", async ({
    baseURL,
  }) => {
    const answer = await raw(baseURL!, "GET http://evil.example//numbers HTTP/1.1");
    expect(answer.headers["location"] ?? "/").toMatch(/^(\/[^/]|http:\/\/localhost:)/);
  });
});
