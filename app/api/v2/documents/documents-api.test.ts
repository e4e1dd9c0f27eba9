import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, dispatch } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { MAX_DOCUMENT_BYTES } from "@/lib/compliance/document-form";
import { encryptAtRest } from "@/lib/crypto/data-key";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const URL_BASE = "http://localhost:3000/api/v2";

let endUser: string;

function form(file: Buffer, name: string, type: string, fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append("file", new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

async function upload(
  body: FormData | ReadableStream<Uint8Array>,
  token: TestTokenName = "acmeAll",
  headers: Record<string, string> = {},
) {
  const request = new Request(`${URL_BASE}/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${testTokens[token].secret}`, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const response = await dispatch(request);
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

beforeAll(async () => {
  const response = await api<{ data: { end_user_id: string } }>("POST", "/end_users", {
    token: "acmeAll",
    body: { type: "individual", name: "Erika Mustermann" },
  });
  endUser = response.body.data.end_user_id;
});

describe("POST /documents and GET /documents/{id}/file", () => {
  it("stores a PNG encrypted with its hash, and gives it back as a no-store attachment to its organization and support only", async () => {
    const response = await upload(
      form(PNG, "scan.png", "image/png", {
        document_type_id: "proof_of_address",
        end_user_id: endUser,
        expires_on: "2027-01-31",
      }),
    );
    expect(response.status).toBe(201);
    const id = response.body.data.document_id as string;
    expect(response.body.data).toEqual({
      document_id: id,
      organization_id: "org_acme",
      document_type_id: "proof_of_address",
      end_user_id: endUser,
      address_id: null,
      expires_on: "2027-01-31",
      file_name: "scan.png",
      content_type: "image/png",
      size: PNG.length,
      sha256: createHash("sha256").update(PNG).digest("hex"),
      created_at: expect.any(String),
    });
    const prisma = await getPrisma();
    const stored = await prisma.complianceDocument.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(stored.content!).includes(PNG.subarray(0, 8))).toBe(false);
    expect(Buffer.from(stored.content!).includes(Buffer.from(PNG.toString("base64").slice(0, 20)))).toBe(
      false,
    );

    const file = await dispatch(
      new Request(`${URL_BASE}/documents/${id}/file`, {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
      }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${id}.png"`);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const other = await dispatch(
      new Request(`${URL_BASE}/documents/${id}/file`, {
        headers: { authorization: `Bearer ${testTokens.globexAll.secret}` },
      }),
    );
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(
      errorBody("Not Found", "not_found", `No document ${id}.`, `document_id=${id}`),
    );
    const support = await dispatch(
      new Request(`${URL_BASE}/documents/${id}/file`, {
        headers: { authorization: `Bearer ${testTokens.support.secret}` },
      }),
    );
    expect(support.status).toBe(200);
  });

  async function downloaded(id: string) {
    const file = await dispatch(
      new Request(`${URL_BASE}/documents/${id}/file`, {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
      }),
    );
    expect(file.status).toBe(200);
    return Buffer.from(await file.arrayBuffer());
  }

  it.each([
    ["without a Content-Length", {}],
    // The ciphertext's Buffer is sized by Content-Length: one too small makes it grow.
    ["with a Content-Length below its size", { "content-length": "1000" }],
  ])(
    "hashes and encrypts a file of many chunks as it streams, %s, and gives back the same bytes",
    async (_name, headers: Record<string, string>) => {
      const boundary = "----many-chunks";
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(300 * 1024), Buffer.from("\n%%EOF")]);
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document_type_id"\r\n\r\nproof_of_address\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="end_user_id"\r\n\r\n${endUser}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= body.length) return controller.close();
          controller.enqueue(new Uint8Array(body.subarray(offset, offset + 64 * 1024)));
          offset += 64 * 1024;
        },
      });
      const response = await upload(stream, "acmeAll", {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...headers,
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        content_type: "application/pdf",
        size: pdf.length,
        sha256: createHash("sha256").update(pdf).digest("hex"),
      });
      expect((await downloaded(response.body.data.document_id as string)).equals(pdf)).toBe(true);
    },
  );

  it("refuses an expiry date the database cannot store with 400 naming expires_on", async () => {
    const response = await upload(
      form(PNG, "scan.png", "image/png", {
        document_type_id: "proof_of_address",
        end_user_id: endUser,
        expires_on: "0000-01-01",
      }),
    );
    expect(response).toEqual({
      status: 400,
      body: errorBody(
        "Bad Request",
        "invalid_parameter",
        "expires_on must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z",
        "body.expires_on=0000-01-01",
      ),
    });
  });

  it("still gives back a file stored the old way (encryptAtRest's text of its base64)", async () => {
    const response = await upload(
      form(PNG, "scan.png", "image/png", { document_type_id: "proof_of_address", end_user_id: endUser }),
    );
    const id = response.body.data.document_id as string;
    const prisma = await getPrisma();
    await prisma.complianceDocument.update({
      where: { id },
      data: { content: Buffer.from(encryptAtRest(PNG.toString("base64"), id), "utf8") },
    });
    expect((await downloaded(id)).equals(PNG)).toBe(true);
  });

  it.each([
    [
      "an HTML page named .pdf",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "a.pdf",
      "application/pdf",
      "unknown",
    ],
    [
      "an SVG named .png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      "a.png",
      "image/png",
      "unknown",
    ],
  ])("refuses %s with 415 and stores nothing", async (_name, bytes, name, type, detected) => {
    const prisma = await getPrisma();
    const before = await prisma.complianceDocument.count();
    const response = await upload(
      form(bytes, name, type, { document_type_id: "proof_of_address", end_user_id: endUser }),
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual(
      errorBody(
        "Unsupported Media Type",
        "unsupported_media_type",
        "A document must be a PDF, PNG or JPEG file (by its content, whatever its name).",
        `body.file.type=${detected}`,
      ),
    );
    expect(await prisma.complianceDocument.count()).toBe(before);
  });

  it("refuses an upload over 10 MB with 413 and stops reading it", async () => {
    const boundary = "----compliance-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document_type_id"\r\n\r\nproof_of_address\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="end_user_id"\r\n\r\n${endUser}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const total = 1024 * 1024 * 1024; // 1 GB, made as it is pulled
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
      },
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const prisma = await getPrisma();
    const before = await prisma.complianceDocument.count();
    const response = await upload(stream, "acmeAll", {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(
      errorBody(
        "Payload Too Large",
        "payload_too_large",
        `A document is at most ${MAX_DOCUMENT_BYTES} bytes (10 MB).`,
        `body.file.size>${MAX_DOCUMENT_BYTES}`,
      ),
    );
    // The server read a little past the limit, then cancelled the stream: never the gigabyte.
    expect(pulled).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    expect(pulled).toBeLessThan(MAX_DOCUMENT_BYTES + 2 * 1024 * 1024);
    expect(await prisma.complianceDocument.count()).toBe(before);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const response = await upload(form(PNG, "a.png", "image/png", {}), "acmeAll", {
      "content-length": String(50 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it("refuses a truncated multipart body, an unknown document type and another organization's end user", async () => {
    const boundary = "----truncated";
    const truncated = new Request(`${URL_BASE}/documents`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${testTokens.acmeAll.secret}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing`,
    });
    const cut = await dispatch(truncated);
    expect(cut.status).toBe(400);
    expect(((await cut.json()) as { error: { code: string } }).error.code).toBe("invalid_parameter");

    const unknown = await upload(
      form(PNG, "a.png", "image/png", { document_type_id: "passport_photo", end_user_id: endUser }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(
      errorBody(
        "Bad Request",
        "unknown_document_type",
        "Unknown document type 'passport_photo'.",
        "body.document_type_id=passport_photo",
      ),
    );
    const foreign = await upload(
      form(PNG, "a.png", "image/png", { document_type_id: "proof_of_address", end_user_id: endUser }),
      "globexAll",
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_parameter",
        `end_user_id names no end user of the organization: ${endUser}`,
        `body.end_user_id=${endUser}`,
      ),
    );
    const json = await api("POST", "/documents", { token: "acmeAll", body: { file: "x" } });
    expect(json.status).toBe(415);
  });
});
