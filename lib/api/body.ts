import { ApiError, ClientAbortedError } from "@/lib/errors";

const MAX_BODY_BYTES = 64 * 1024;

/** The request's JSON body, after the content-type and size checks of docs/CONTRACT.md §7. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(
      "unsupported_media_type",
      "The body must be sent as application/json.",
      `header.content-type=${type || "(missing)"}`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared);
  const bytes = await readLimited(request, MAX_BODY_BYTES);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_parameter", "The body is not valid JSON.", `body=${text.slice(0, 80)}`);
  }
}

function tooLarge(size: number): ApiError {
  return new ApiError(
    "payload_too_large",
    `The body must be at most ${MAX_BODY_BYTES} bytes.`,
    `body.bytes=${size}`,
  );
}

// Reads the stream itself rather than trusting Content-Length, which chunked requests lack.
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The body stream fails only when the client went away mid-body (Node's "aborted",
      // ECONNRESET), or the server cut a body that stopped arriving (scripts/server.ts): an
      // abort, logged as one, never a 503 for a database that is there.
      throw new ClientAbortedError("The client's connection ended during the request body.", {
        cause: error,
      });
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: when the request was cloned (its body teed), cancelling one branch only
      // settles once the other branch is cancelled too, which may never happen. The answer
      // must not wait for it.
      reader.cancel().catch(() => undefined);
      throw tooLarge(total);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
