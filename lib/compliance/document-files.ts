import { createHash } from "node:crypto";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { createBytesEncryptor, decryptBytesAtRest } from "@/lib/crypto/data-key";
import type { Viewer } from "@/lib/auth/types";
import { ApiError } from "@/lib/errors";
import { getReferenceData } from "@/lib/reference/lookups";
import { documentSelect, documentView, newComplianceId } from "@/lib/compliance/records";
import { documentFileTypes, type DocumentView } from "@/lib/schemas/compliance";
import { instantRangeMessage, isStorableInstant } from "@/lib/schemas/common";

// Document files (contract §17): multipart/form-data read by busboy as it streams, at most
// 10 MB (the request is cancelled the moment it passes that, never read whole), typed by its
// content with file-type, hashed, and stored encrypted (AES-256-GCM, lib/crypto/data-key.ts).

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the form's other fields and multipart framing may add to the file. */
const MAX_FORM_OVERHEAD = 64 * 1024;
const ALLOWED_TYPES = new Set<string>(documentFileTypes);

const fieldsSchema = z.strictObject({
  document_type_id: z
    .string("document_type_id is required")
    .regex(/^[a-z_]{1,64}$/, "document_type_id must be a document type id"),
  end_user_id: z
    .string("end_user_id is required")
    .regex(/^[A-Za-z0-9_]{1,64}$/, "end_user_id must be an end user id"),
  address_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "address_id must be an address id")
    .optional(),
  expires_on: z.iso
    .date("expires_on must be a date, YYYY-MM-DD")
    .refine((value) => isStorableInstant(`${value}T00:00:00Z`), instantRangeMessage("expires_on"))
    .optional(),
});

const tooLarge = () =>
  new ApiError(
    "payload_too_large",
    `A document is at most ${MAX_DOCUMENT_BYTES} bytes (10 MB).`,
    `body.file.size>${MAX_DOCUMENT_BYTES}`,
  );

/** The file as it was read: never whole in plaintext, only its first bytes (to type it) and its ciphertext. */
type ReceivedFile = {
  name: string | null;
  size: number;
  sha256: string;
  head: Buffer;
  content: Buffer<ArrayBuffer>;
};
type ParsedForm = { fields: Record<string, string>; file: ReceivedFile | null };

/** What file-type reads to recognise PDF, PNG and JPEG (its reasonableDetectionSizeInBytes). */
const TYPE_DETECTION_BYTES = 4100;

/**
 * Streams the request through busboy; rejects with 413 as soon as the file passes the limit.
 * The file's chunks are hashed and encrypted (with `documentId` authenticated) as they arrive,
 * into one Buffer sized by Content-Length (or the limit): the only whole copy of the file.
 */
async function readForm(request: Request, documentId: string): Promise<ParsedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the document as multipart/form-data.",
      `header.content-type=${contentType}`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_DOCUMENT_BYTES + MAX_FORM_OVERHEAD) throw tooLarge();
  if (!request.body)
    throw new ApiError("invalid_parameter", "The form is empty: send file and its fields.", "body=(empty)");

  const reader = request.body.getReader();
  const parser = busboy({
    headers: { "content-type": contentType },
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10 },
  });
  const form: ParsedForm = { fields: {}, file: null };
  let failure: ApiError | null = null;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      form.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file") {
        failure ??= new ApiError(
          "invalid_parameter",
          "The form has one file, named file.",
          `body.${name}=(file)`,
        );
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
      reject(
        new ApiError(
          "invalid_parameter",
          `The multipart body cannot be read: ${error.message}`,
          "body=multipart",
        ),
      ),
    );
  });
  let read = 0;
  try {
    for (;;) {
      if (failure) break;
      const { done: finished, value } = await reader.read();
      if (finished) break;
      read += value.byteLength;
      if (read > MAX_DOCUMENT_BYTES + MAX_FORM_OVERHEAD) {
        failure = tooLarge();
        break;
      }
      parser.write(value);
    }
  } finally {
    if (failure) await reader.cancel().catch(() => undefined);
  }
  if (failure) throw failure;
  parser.end();
  await done;
  if (failure) throw failure;
  return form;
}

export async function uploadDocument(organizationId: string, request: Request): Promise<DocumentView> {
  const id = newComplianceId("doc");
  const form = await readForm(request, id);
  const parsed = fieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".") || String((issue as { keys?: string[] }).keys?.[0] ?? "");
    throw new ApiError(
      "invalid_parameter",
      issue.message,
      `body.${field}=${form.fields[field] ?? "(missing)"}`,
    );
  }
  const fields = parsed.data;
  const file = form.file;
  if (!file || file.size === 0) {
    throw new ApiError(
      "invalid_parameter",
      "file is required: the document as PDF, PNG or JPEG",
      "body.file=(missing)",
    );
  }
  const detected = await fileTypeFromBuffer(file.head);
  if (!detected || !ALLOWED_TYPES.has(detected.mime)) {
    throw new ApiError(
      "unsupported_media_type",
      "A document must be a PDF, PNG or JPEG file (by its content, whatever its name).",
      `body.file.type=${detected?.mime ?? "unknown"}`,
    );
  }
  const reference = await getReferenceData();
  if (!reference.documentTypeById.has(fields.document_type_id)) {
    throw new ApiError(
      "unknown_document_type",
      `Unknown document type '${fields.document_type_id}'.`,
      `body.document_type_id=${fields.document_type_id}`,
    );
  }
  return inRetryingTransaction(async (tx) => {
    const endUser = await tx.endUser.findFirst({
      where: { id: fields.end_user_id, organizationId },
      select: { id: true },
    });
    if (!endUser) {
      throw new ApiError(
        "invalid_parameter",
        `end_user_id names no end user of the organization: ${fields.end_user_id}`,
        `body.end_user_id=${fields.end_user_id}`,
      );
    }
    if (fields.address_id) {
      const address = await tx.complianceAddress.findFirst({
        where: { id: fields.address_id, organizationId },
        select: { id: true },
      });
      if (!address) {
        throw new ApiError(
          "invalid_parameter",
          `address_id names no address of the organization: ${fields.address_id}`,
          `body.address_id=${fields.address_id}`,
        );
      }
    }
    const row = await tx.complianceDocument.create({
      data: {
        id,
        organizationId,
        documentTypeId: fields.document_type_id,
        endUserId: fields.end_user_id,
        addressId: fields.address_id ?? null,
        expiresOn: fields.expires_on ? new Date(`${fields.expires_on}T00:00:00Z`) : null,
        fileName: file.name,
        contentType: detected.mime,
        size: file.size,
        sha256: file.sha256,
        content: file.content,
      },
      select: documentSelect,
    });
    await auditChanges(tx, [
      {
        action: "document.uploaded",
        organizationId,
        resource: { type: "document", id },
        changes: [
          { field: "document_type_id", from: null, to: fields.document_type_id },
          { field: "sha256", from: null, to: file.sha256 },
        ],
      },
    ]);
    return documentView(row);
  });
}

/** The file's bytes, to its organization and support only (another organization's: 404). */
export async function readDocumentFile(
  viewer: Viewer,
  id: string,
): Promise<{ bytes: Buffer<ArrayBuffer>; contentType: string; fileName: string }> {
  const prisma = await getPrisma();
  // As base64 text rather than a Bytes column: Prisma hands Bytes through base64 and two more
  // copies, and the PGlite adapter parses bytea's hex one byte at a time (3 s for 10 MB).
  const organizationId = viewer.role === "support" ? null : viewer.organizationId;
  const [row] = await prisma.$queryRaw<Array<{ content: string | null; contentType: string }>>`
    SELECT encode(content, 'base64') AS content, content_type AS "contentType" FROM compliance_document
     WHERE id = ${id} AND (${organizationId}::text IS NULL OR organization_id = ${organizationId})`;
  if (!row || !row.content) throw new ApiError("not_found", `No document ${id}.`, `document_id=${id}`);
  const bytes = decryptBytesAtRest(Buffer.from(row.content, "base64"), id);
  const extension =
    row.contentType === "application/pdf" ? "pdf" : row.contentType === "image/png" ? "png" : "jpg";
  return { bytes, contentType: row.contentType, fileName: `${id}.${extension}` };
}
