// The body edges of the custom server (scripts/server.ts), on a real HTTP server over loopback
// sockets: a stand-in for Next behind them reads each body whole into memory before it answers,
// as Next does, so "refused before the body is read" means the stand-in never saw the request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBody } from "@/tests/error-body";
import { postHead, rawConnection } from "@/tests/raw-http";
import { DOCUMENTS_PATH, guardRequestBody, type BodyEdgeSettings } from "@/lib/api/request-body-edges";
import { MAX_DOCUMENT_BYTES, MAX_UPLOAD_BYTES } from "@/lib/compliance/document-form";

const SETTINGS: BodyEdgeSettings = { uploadsInFlight: 2, bodyIdleMs: 300 };

type Seen = { path: string; outcome: Promise<"read" | "aborted"> };

let server: Server;
let port: number;
let seen: Seen[];

/** Next's part: the whole body in memory, then 201 with its length; an aborted body is noted. */
function standIn(request: IncomingMessage, response: ServerResponse): void {
  const outcome = new Promise<"read" | "aborted">((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", () => {});
    request.on("close", () => resolve(request.complete ? "read" : "aborted"));
    request.on("end", () => {
      resolve("read");
      if (response.headersSent) return;
      const answer = JSON.stringify({ bytes: Buffer.concat(chunks).length });
      response
        .writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) })
        .end(answer);
    });
  });
  seen.push({ path: request.url ?? "", outcome });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (guardRequestBody(request, response, request.url ?? "/", SETTINGS)) return;
    standIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
});

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** A raw connection to the test server; `answer` is its first response, the body parsed as JSON. */
function open(): { socket: Socket; answer: Promise<Answer>; closed: Promise<void> } {
  const { socket, answer, closed } = rawConnection(port);
  const parsed = answer.then(({ status, headers, text }) => ({
    status,
    headers,
    body: text === "" ? null : (JSON.parse(text) as unknown),
  }));
  parsed.catch(() => {});
  return { socket, answer: parsed, closed };
}

const head = (path: string, headers: Record<string, string | number>) =>
  postHead(path, { "X-Request-Id": "edges", ...headers });

/** Waits until the stand-in has been handed `count` requests. */
async function untilSeen(count: number): Promise<void> {
  while (seen.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe("a body that stops arriving", () => {
  it("is answered 408 request_timeout after the idle bound and its connection closed; the reader sees it aborted", async () => {
    const { socket, answer, closed } = open();
    socket.write(head("/api/v2/end_users", { "Content-Type": "application/json", "Content-Length": 1000 }));
    socket.write("x".repeat(100));
    expect(await answer).toEqual({
      status: 408,
      headers: expect.objectContaining({ connection: "close", "x-request-id": "edges" }),
      body: errorBody(
        "Request Timeout",
        "request_timeout",
        "The request body stopped arriving: nothing for 0.3 s.",
        "body.idle_ms=300",
      ),
    });
    await closed;
    expect(seen.map((request) => request.path)).toEqual(["/api/v2/end_users"]);
    expect(await seen[0].outcome).toBe("aborted");
  });

  it("does not touch a body that arrives whole, nor the connection after it", async () => {
    const { socket, answer } = open();
    socket.write(head("/api/v2/end_users", { "Content-Length": 5 }) + "hello");
    expect(await answer).toMatchObject({ status: 201, body: { bytes: 5 } });
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

describe("POST /api/v2/documents at the server", () => {
  it("refuses an upload past UPLOADS_IN_FLIGHT with 503 and Retry-After before its body is read, and takes one again once a slot frees", async () => {
    const held = [open(), open()];
    for (const { socket } of held) {
      socket.write(head(DOCUMENTS_PATH, { "Content-Length": 10 }));
      socket.write("12345");
    }
    await untilSeen(2);

    const refused = open();
    refused.socket.write(head(DOCUMENTS_PATH, { "Content-Length": 10 }) + "0123456789");
    expect(await refused.answer).toEqual({
      status: 503,
      headers: expect.objectContaining({ "retry-after": "2" }),
      body: errorBody(
        "Service Unavailable",
        "service_unavailable",
        "This server is already receiving 2 documents; retry in a few seconds.",
        "uploads.in_flight=2",
      ),
    });
    expect(seen).toHaveLength(2);
    // Drained, not cut: the connection carries the retry once a held upload is done.
    held[0].socket.write("67890");
    expect(await held[0].answer).toMatchObject({ status: 201, body: { bytes: 10 } });
    refused.socket.write(head(DOCUMENTS_PATH, { "Content-Length": 3 }) + "abc");
    await untilSeen(3);
    expect(seen[2].path).toBe(DOCUMENTS_PATH);
    expect(await seen[2].outcome).toBe("read");

    // A client that goes away mid-upload frees its slot too.
    held[1].socket.destroy();
    expect(await seen[1].outcome).toBe("aborted");
    const after = [open(), open()];
    for (const { socket } of after) socket.write(head(DOCUMENTS_PATH, { "Content-Length": 2 }) + "ok");
    expect((await Promise.all(after.map(({ answer }) => answer))).map((answer) => answer.status)).toEqual([
      201, 201,
    ]);
    for (const { socket } of [...after, refused]) socket.destroy();
  });

  it("refuses a Content-Length over the cap with 413 and Connection: close, reading none of it", async () => {
    const { socket, answer, closed } = open();
    socket.write(head(DOCUMENTS_PATH, { "Content-Length": MAX_UPLOAD_BYTES + 1 }));
    socket.write("%PDF-1.4");
    expect(await answer).toEqual({
      status: 413,
      headers: expect.objectContaining({ connection: "close" }),
      body: errorBody(
        "Payload Too Large",
        "payload_too_large",
        `A document is at most ${MAX_DOCUMENT_BYTES} bytes (10 MB).`,
        `body.file.size>${MAX_DOCUMENT_BYTES}`,
      ),
    });
    await closed;
    expect(seen).toEqual([]);
  });

  it("cuts a chunked upload off with 413 the moment it passes the cap", async () => {
    const { socket, answer, closed } = open();
    socket.write(head(DOCUMENTS_PATH, { "Transfer-Encoding": "chunked" }));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const sendChunk = () => {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write("\r\n");
    };
    // Up to the cap and one chunk more; the answer may come while the last chunks are in flight.
    for (let sent = 0; sent <= MAX_UPLOAD_BYTES; sent += chunk.length) sendChunk();
    expect(await answer).toMatchObject({ status: 413, headers: { connection: "close" } });
    await closed;
    expect(seen.map((request) => request.path)).toEqual([DOCUMENTS_PATH]);
    expect(await seen[0].outcome).toBe("aborted");
  });
});
