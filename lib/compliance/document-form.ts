import { createHash } from "node:crypto";
import busboy from "busboy";
import { createBytesEncryptor } from "@/lib/crypto/data-key";
import { ApiError, ClientAbortedError } from "@/lib/errors";

// The multipart/form-data of POST /documents, read by busboy as it streams: at most 10 MiB of
// file (the request is cancelled the moment it passes that, never read whole), one part named
// file, its name kept as sent (UTF-8), and every malformed body a 400 rather than a crash.

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the form's other fields and multipart framing may add to the file. */
const MAX_FORM_OVERHEAD = 64 * 1024;
/** The longest body POST /documents reads: the file and the form around it. */
export const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + MAX_FORM_OVERHEAD;
/** What file-type reads to recognise PDF, PNG and JPEG (its reasonableDetectionSizeInBytes). */
const TYPE_DETECTION_BYTES = 4100;
// Busboy says "limit" when a file reaches fileSize, not when it passes it: one byte more, so a
// file of exactly 10 MiB is accepted and only a longer one is cut.
const LIMITS = { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 8, fieldSize: 1024, parts: 10 };

/** The file as it was read: never whole in plaintext, only its first bytes (to type it) and its ciphertext. */
export type ReceivedFile = {
  name: string | null;
  size: number;
  sha256: string;
  head: Buffer;
  content: Buffer<ArrayBuffer>;
};
type ParsedForm = { fields: Record<string, string>; file: ReceivedFile | null };

export const tooLarge = () =>
  new ApiError(
    "payload_too_large",
    `A document is at most ${MAX_DOCUMENT_BYTES} bytes (10 MB).`,
    `body.file.size>${MAX_DOCUMENT_BYTES}`,
  );

const malformed = (message: string, details: string) => new ApiError("invalid_parameter", message, details);

/** Busboy for this request, or 400 when its Content-Type names no usable boundary. */
function parserFor(contentType: string): busboy.Busboy {
  try {
    // Parameters (filename="…") are read as UTF-8, which is what browsers and HTTP clients
    // send; busboy's default, latin1, would turn "résumé 日本.pdf" into mojibake.
    return busboy({ headers: { "content-type": contentType }, limits: LIMITS, defParamCharset: "utf8" });
  } catch {
    throw malformed(
      "The multipart body needs its boundary: Content-Type: multipart/form-data; boundary=<1 to 70 characters>.",
      `header.content-type=${contentType.slice(0, 120)}`,
    );
  }
}

/**
 * Streams the request through busboy; rejects with 413 as soon as the file passes the limit.
 * The file's chunks are hashed and encrypted (with `documentId` authenticated) as they arrive,
 * into one Buffer sized by Content-Length (or the limit): the only whole copy of the file.
 */
export async function readDocumentForm(request: Request, documentId: string): Promise<ParsedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the document as multipart/form-data.",
      `header.content-type=${contentType}`,
    );
  }
  // The bare type names no form that can be read (what a client sends when it lost its
  // multipart body): another media type than the one served, as a wrong type is.
  if (/^multipart\/form-data\s*$/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the document as multipart/form-data with its boundary.",
      `header.content-type=${contentType}`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES) throw tooLarge();
  const parser = parserFor(contentType);
  if (!request.body) throw malformed("The form is empty: send file and its fields.", "body=(empty)");

  const reader = request.body.getReader();
  const form: ParsedForm = { fields: {}, file: null };
  let failure: ApiError | null = null;
  const fail = (error: ApiError) => {
    failure ??= error;
  };
  // A form past busboy's limits would be silently cut short: refused instead.
  parser.on("filesLimit", () =>
    fail(malformed("The form has one file, named file; this one has more.", "body.file=(more than one)")),
  );
  parser.on("fieldsLimit", () =>
    fail(malformed(`The form has at most ${LIMITS.fields} fields.`, `body.fields>${LIMITS.fields}`)),
  );
  parser.on("partsLimit", () =>
    fail(malformed(`The form has at most ${LIMITS.parts} parts.`, `body.parts>${LIMITS.parts}`)),
  );
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated)
        fail(
          malformed(`${name} is at most ${LIMITS.fieldSize} bytes.`, `body.${name.slice(0, 64)}=(too long)`),
        );
      else form.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || form.file) {
        fail(malformed("The form has one file, named file.", `body.${name.slice(0, 64)}=(file)`));
        stream.resume();
        return;
      }
      // A cut-off body fails the file's stream as well as the parser: the parser's error reports it.
      stream.on("error", () => undefined);
      const hash = createHash("sha256");
      // Untouched pages of an unsafe allocation are not resident: a small file costs what it is.
      const encryptor = createBytesEncryptor(
        documentId,
        Math.min(declared > 0 ? declared : MAX_DOCUMENT_BYTES, MAX_DOCUMENT_BYTES),
      );
      const head = Buffer.alloc(TYPE_DETECTION_BYTES);
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        if (failure) return;
        if (size < head.length) chunk.copy(head, size);
        size += chunk.length;
        hash.update(chunk);
        encryptor.update(chunk);
      });
      stream.on("limit", () => {
        failure = tooLarge();
      });
      stream.on("end", () => {
        if (failure) return;
        form.file = {
          name: info.filename ? info.filename.slice(0, 200) : null,
          size,
          sha256: hash.digest("hex"),
          head: head.subarray(0, Math.min(size, head.length)),
          content: encryptor.final(),
        };
      });
    });
    parser.on("close", resolve);
    parser.on("error", (error: Error) =>
      reject(malformed(`The multipart body cannot be read: ${error.message}`, "body=multipart")),
    );
  });
  await pump(reader, parser, () => failure, fail);
  if (failure) throw failure;
  parser.end();
  await done;
  if (failure) throw failure;
  return form;
}

/** Feeds the body to the parser until it ends, a failure is known, or it passes the limit. */
async function pump(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  parser: busboy.Busboy,
  failure: () => ApiError | null,
  fail: (error: ApiError) => void,
): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      if (failure()) break;
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // The body stream fails only when the client went away mid-upload (Node's "aborted",
        // ECONNRESET): its fault, not the database's, and nobody is left to answer.
        throw new ClientAbortedError("The client closed the connection during the upload.", { cause: error });
      }
      if (chunk.done) break;
      read += chunk.value.byteLength;
      if (read > MAX_UPLOAD_BYTES) {
        fail(tooLarge());
        break;
      }
      parser.write(chunk.value);
    }
  } finally {
    if (failure()) await reader.cancel().catch(() => undefined);
  }
}
