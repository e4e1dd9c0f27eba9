import { createHash } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, dispatch } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { testTokens } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { MAX_DOCUMENT_BYTES } from "@/lib/compliance/document-form";
import { setRequestLog, type RequestLogEntry } from "@/lib/api/request-log";

// The edges of POST /documents: malformed multipart, the exact size limit, file names, a second
// file, Idempotency-Key, the per-process bound on uploads in flight, and a client that goes away.

const URL_BASE = "http://localhost:3000/api/v2";
const BOUNDARY = "----edges";
const PDF = Buffer.from("%PDF-1.4\n% edges\n%%EOF\n");

let endUser: string;

beforeAll(async () => {
  const response = await api<{ data: { end_user_id: string } }>("POST", "/end_users", {
    token: "acmeAll",
    body: { type: "individual", name: "Erika Mustermann" },
  });
  endUser = response.body.data.end_user_id;
});

afterEach(() => setRequestLog(undefined));

/** A multipart body by hand: the fields, then each file part as given (name, file name, bytes). */
function multipart(files: Array<{ name: string; filename: string; bytes: Buffer }>, fields?: object): Buffer {
  const values = fields ?? { document_type_id: "proof_of_address", end_user_id: endUser };
  const parts: Buffer[] = Object.entries(values).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

function post(
  body: BodyInit,
  headers: Record<string, string> = {},
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
  return dispatch(
    new Request(`${URL_BASE}/documents`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${testTokens.acmeAll.secret}`,
        "content-type": contentType,
        ...headers,
      },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit),
  );
}

async function documentCount(): Promise<number> {
  return (await getPrisma()).complianceDocument.count();
}

const withPdf = () => new Uint8Array(multipart([{ name: "file", filename: "a.pdf", bytes: PDF }]));

describe("POST /documents: malformed multipart is a 400 or 415, never a 500", () => {
  const needsBoundary = (contentType: string) =>
    errorBody(
      "Bad Request",
      "invalid_parameter",
      "The multipart body needs its boundary: Content-Type: multipart/form-data; boundary=<1 to 70 characters>.",
      `header.content-type=${contentType}`,
    );
  it.each([
    ["an empty boundary=", "multipart/form-data; boundary="],
    ["a stray charset instead of a boundary", "multipart/form-data; charset=utf-8"],
  ])("refuses %s with 400 and stores nothing", async (_name, contentType) => {
    const before = await documentCount();
    const response = await post(withPdf(), {}, contentType);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(needsBoundary(contentType));
    expect(await documentCount()).toBe(before);
  });

  it("refuses multipart/form-data with no parameters with 415 and stores nothing", async () => {
    const before = await documentCount();
    const response = await post(withPdf(), {}, "multipart/form-data");
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(
      errorBody(
        "Unsupported Media Type",
        "unsupported_media_type",
        "Send the document as multipart/form-data with its boundary.",
        "header.content-type=multipart/form-data",
      ),
    );
    expect(await documentCount()).toBe(before);
  });

  it("reads a charset beside the boundary as the same form", async () => {
    const response = await post(withPdf(), {}, `multipart/form-data; charset=utf-8; boundary=${BOUNDARY}`);
    expect(response.status).toBe(201);
  });

  it("refuses a 10-byte ZIP header as the file with 415", async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const before = await documentCount();
    const response = await post(new Uint8Array(multipart([{ name: "file", filename: "a.pdf", bytes: zip }])));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(
      errorBody(
        "Unsupported Media Type",
        "unsupported_media_type",
        "A document must be a PDF, PNG or JPEG file (by its content, whatever its name).",
        "body.file.type=unknown",
      ),
    );
    expect(await documentCount()).toBe(before);
  });

  it("refuses a second file part with 400 rather than dropping it", async () => {
    const before = await documentCount();
    const response = await post(
      new Uint8Array(
        multipart([
          { name: "file", filename: "a.pdf", bytes: PDF },
          { name: "file", filename: "b.pdf", bytes: PDF },
        ]),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "The form has one file, named file; this one has more.",
        "body.file=(more than one)",
      ),
    );
    expect(await documentCount()).toBe(before);
  });
});

describe("POST /documents: size and name", () => {
  const pdfOf = (size: number) => {
    const bytes = Buffer.alloc(size, 0x20);
    PDF.copy(bytes);
    return bytes;
  };

  it("accepts a file of exactly 10 MiB and refuses one byte more with 413", async () => {
    const exact = pdfOf(MAX_DOCUMENT_BYTES);
    const accepted = await post(
      new Uint8Array(multipart([{ name: "file", filename: "ten.pdf", bytes: exact }])),
    );
    expect(accepted.status).toBe(201);
    expect(((await accepted.json()) as { data: { size: number; sha256: string } }).data).toMatchObject({
      size: MAX_DOCUMENT_BYTES,
      sha256: createHash("sha256").update(exact).digest("hex"),
    });
    const before = await documentCount();
    const over = await post(
      new Uint8Array(
        multipart([{ name: "file", filename: "more.pdf", bytes: pdfOf(MAX_DOCUMENT_BYTES + 1) }]),
      ),
    );
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(await documentCount()).toBe(before);
  });

  it("keeps a UTF-8 file name as it was sent", async () => {
    const data = new FormData();
    data.append("document_type_id", "proof_of_address");
    data.append("end_user_id", endUser);
    data.append("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "résumé 日本.pdf");
    const response = await dispatch(
      new Request(`${URL_BASE}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
        body: data,
      }),
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { file_name: string } }).data.file_name).toBe(
      "résumé 日本.pdf",
    );
  });
});

describe("POST /documents with Idempotency-Key", () => {
  it("stores a retried upload once and replays its answer; the same key with another file is 409", async () => {
    const key = `upload-${Date.now()}`;
    const before = await documentCount();
    const first = await post(withPdf(), { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const stored = (await first.json()) as { data: { document_id: string } };

    const retry = await post(withPdf(), { "idempotency-key": key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(stored);
    expect(await documentCount()).toBe(before + 1);

    const other = new Uint8Array(
      multipart([{ name: "file", filename: "a.pdf", bytes: Buffer.concat([PDF, Buffer.from("x")]) }]),
    );
    const conflict = await post(other, { "idempotency-key": key });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe("idempotency_conflict");
    expect(await documentCount()).toBe(before + 1);
  });
});

/** A body that sends its first part, then waits for `release` before the rest (or fails then). */
function heldBody(bytes: Buffer) {
  let started!: () => void;
  let release!: (outcome: "finish" | Error) => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<"finish" | Error>((resolve) => (release = resolve));
  let step = 0;
  // highWaterMark 0: the stream pulls only when the server reads, so `started` means the
  // upload is being read (its slot taken), not merely that the Request was made.
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        step += 1;
        if (step === 1) {
          controller.enqueue(new Uint8Array(bytes.subarray(0, 100)));
          started();
          return;
        }
        const outcome = await released;
        if (outcome instanceof Error) return controller.error(outcome);
        controller.enqueue(new Uint8Array(bytes.subarray(100)));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, started: startedPromise, release };
}

describe("POST /documents: uploads in flight", () => {
  it("answers 503 with Retry-After past UPLOADS_IN_FLIGHT uploads being read, and takes uploads again once they end", async () => {
    const limit = getEnv().UPLOADS_IN_FLIGHT;
    const held = Array.from({ length: limit }, () => heldBody(Buffer.from(withPdf())));
    const answers = held.map((body) => post(body.stream));
    await Promise.all(held.map((body) => body.started));

    const refused = await post(withPdf()).finally(() => {
      for (const body of held) body.release("finish");
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toEqual(
      errorBody(
        "Service Unavailable",
        "service_unavailable",
        `This server is already receiving ${limit} documents; retry in a few seconds.`,
        `uploads.in_flight=${limit}`,
      ),
    );

    expect((await Promise.all(answers)).map((response) => response.status)).toEqual(
      Array.from({ length: limit }, () => 201),
    );
    expect((await post(withPdf())).status).toBe(201);
  });

  it("logs a client that goes away mid-upload as an abort (499), without an error or a stack, and frees its slot", async () => {
    const lines: RequestLogEntry[] = [];
    const errors: unknown[] = [];
    setRequestLog({ request: (entry) => lines.push(entry), error: (_id, error) => errors.push(error) });
    const body = heldBody(Buffer.from(withPdf()));
    const answer = post(body.stream);
    await body.started;
    // What Node's http server does to the body stream when the client's connection drops.
    body.release(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    expect((await answer).status).toBe(499);
    expect(errors).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ route: "/documents", status: 499, aborted: true })]);
    setRequestLog(undefined);
    // Every slot is free again: as many uploads as the limit are taken at once.
    const limit = getEnv().UPLOADS_IN_FLIGHT;
    const statuses = await Promise.all(Array.from({ length: limit }, () => post(withPdf())));
    expect(statuses.map((response) => response.status)).toEqual(Array.from({ length: limit }, () => 201));
  });
});
