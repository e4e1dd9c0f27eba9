import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/api/responses";
import { requestIdFor } from "@/lib/api/request-id";
import { MAX_UPLOAD_BYTES, tooLarge } from "@/lib/compliance/document-form";
import { takeUploadSlot } from "@/lib/compliance/upload-slots";
import { headersOf, send } from "@/lib/api/node-http";

// What the custom server (scripts/server.ts) settles about a request's body before Next reads
// it. Next reads a body into memory before the route handler runs, so a bound kept only in the
// handler comes after the memory is spent:
// - POST /api/v2/documents past UPLOADS_IN_FLIGHT uploads being read is refused here (503 with
//   Retry-After; the body is drained and dropped, so the client reads the answer and can keep
//   its connection), as is a Content-Length over the size cap (413, Connection: close: a body
//   that large is not read), and a chunked body the moment it passes the cap;
// - a body that stops arriving (a client that sent headers and part of its body, then
//   nothing) is answered 408 and its connection closed after BODY_IDLE_TIMEOUT_MS without a
//   byte, rather than holding its memory and socket until Node's 300 s requestTimeout.

export const DOCUMENTS_PATH = "/api/v2/documents";

export type BodyEdgeSettings = {
  /** Uploads this process reads at once (UPLOADS_IN_FLIGHT). */
  uploadsInFlight: number;
  /** How long a body may go without a byte (BODY_IDLE_TIMEOUT_MS). */
  bodyIdleMs: number;
};

/**
 * Applies the body edges to a request about to go to Next. True when the request was answered
 * here (Next must not see it); false when Next may have it, watched from now on.
 */
export function guardRequestBody(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  settings: BodyEdgeSettings,
): boolean {
  if (!hasBody(request)) return false;
  if (request.method === "POST" && pathname === DOCUMENTS_PATH) {
    if (!admitUpload(request, response, settings.uploadsInFlight)) return true;
  }
  watchForStall(request, response, settings.bodyIdleMs);
  return false;
}

function hasBody(request: IncomingMessage): boolean {
  return request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"]) > 0;
}

/** Takes an upload slot for the request's life, or answers 413/503 here; true when admitted. */
function admitUpload(request: IncomingMessage, response: ServerResponse, limit: number): boolean {
  const declared = Number(request.headers["content-length"]);
  if (declared > MAX_UPLOAD_BYTES) {
    refuse(request, response, tooLarge(), "close");
    return false;
  }
  let release: () => void;
  try {
    release = takeUploadSlot(limit, "server");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refuse(request, response, error, "drain");
    return false;
  }
  // 'close' comes once the answer is sent or the connection is gone, whichever is first.
  response.once("close", release);
  if (!(declared >= 0)) capChunkedBody(request, response);
  return true;
}

/**
 * A chunked upload (no Content-Length) is counted as its bytes arrive, before any reader sees
 * them; past the cap it is answered 413 and its connection closed, and the reader sees the body
 * end early.
 */
function capChunkedBody(request: IncomingMessage, response: ServerResponse): void {
  let received = 0;
  const push = request.push.bind(request);
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null && (received += (chunk as Buffer).length) > MAX_UPLOAD_BYTES) {
      request.push = () => true;
      cutOff(request, response, tooLarge());
      return false;
    }
    return push(chunk, encoding);
  };
}

/** Answers a request whose body stops arriving for `idleMs` with 408, then closes its connection. */
function watchForStall(request: IncomingMessage, response: ServerResponse, idleMs: number): void {
  const stalled = () =>
    cutOff(
      request,
      response,
      new ApiError(
        "request_timeout",
        `The request body stopped arriving: nothing for ${idleMs / 1000} s.`,
        `body.idle_ms=${idleMs}`,
      ),
    );
  // On the request, not the socket: Node destroys a socket whose timeout nobody answers.
  request.setTimeout(idleMs, stalled);
  const done = () => {
    request.socket?.setTimeout(0);
    request.removeListener("timeout", stalled);
  };
  request.once("end", done);
  response.once("close", done);
}

/**
 * Ends a request mid-body: its answer if none was started, then the connection closed once that
 * answer is written (or at once). The body's reader (Next) sees what it sees when a client goes
 * away mid-body, so the request is logged as an abort; without that, Node, whose answer is
 * already sent, would leave the body neither ended nor closed, and its reader waiting for good.
 *
 * The close lingers: the server half-closes and reads on, dropping what the client still sends,
 * until the client closes too (or LINGER_MS passes). Destroying a socket with unread bytes sends
 * a reset, and a reset makes the client's system discard the answer it has not read yet, so a
 * client still sending its upload would see the connection reset instead of the 413.
 */
const LINGER_MS = 2_000;

function cutOff(request: IncomingMessage, response: ServerResponse, error: ApiError): void {
  const socket = request.socket;
  const end = () => {
    const abort = () => request.destroy(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    request.push = () => true;
    socket.end();
    socket.resume();
    const timer = setTimeout(() => {
      abort();
      socket.destroy();
    }, LINGER_MS);
    timer.unref();
    socket.once("close", () => {
      clearTimeout(timer);
      abort();
    });
  };
  if (response.headersSent) return end();
  const answer = errorResponse(error, requestIdFor({ headers: headersOf(request) }));
  answer.headers.set("Connection", "close");
  void send(answer, request, response).finally(end);
}

/** Answers a refused upload before its body is read. */
function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  error: ApiError,
  body: "drain" | "close",
): void {
  const answer = errorResponse(error, requestIdFor({ headers: headersOf(request) }));
  // "drain": Node reads and drops the body after the answer, and the connection stays usable.
  // "close": the body is too large to read for nothing; the client sees the answer, then the end.
  if (body === "close") answer.headers.set("Connection", "close");
  else request.resume();
  void send(answer, request, response);
}
