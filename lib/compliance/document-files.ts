import "server-only";
import { fileTypeFromBuffer } from "file-type";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { decryptBytesAtRest } from "@/lib/crypto/data-key";
import type { Viewer } from "@/lib/auth/types";
import { ApiError, notFound } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { getReferenceData } from "@/lib/reference/lookups";
import { documentSelect, documentView } from "@/lib/compliance/documents";
import { newId } from "@/lib/ids";
import { readDocumentForm, type ReceivedFile } from "@/lib/compliance/document-form";
import { takeUploadSlot } from "@/lib/compliance/upload-slots";
import { claimKey, requestHash, storeAnswer } from "@/lib/http/idempotency";
import {
  documentFileTypes,
  documentUploadFieldsSchema,
  type DocumentUploadFields,
  type DocumentView,
} from "@/lib/schemas/compliance-documents";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

// Document files: the form is read as it streams (document-form.ts), typed by its content
// with file-type, hashed, and stored encrypted (AES-256-GCM, lib/crypto/data-key.ts).

const ALLOWED_TYPES = new Set<string>(documentFileTypes);

/** What POST /documents answers: the document, and whether it is a replay (Idempotency-Key). */
export type UploadAnswer = { document: DocumentView; replayed: boolean };

/**
 * POST /documents: reads, checks and stores one file. At most UPLOADS_IN_FLIGHT uploads run in
 * one process (each holds up to 10 MiB and its copies); past that, 503 with Retry-After before
 * a byte is read (the body is left to the server to discard, so the client can read the
 * answer). With an Idempotency-Key, a repeat of the same form (fields and file bytes) replays
 * the first answer, so a retry after a lost answer stores once.
 */
export async function uploadDocument(
  organizationId: string,
  request: Request,
  idempotencyKey?: string,
): Promise<UploadAnswer> {
  const release = takeUploadSlot(getEnv().UPLOADS_IN_FLIGHT);
  try {
    const id = newId("document");
    const form = await readDocumentForm(request, id);
    const fields = parseFields(form.fields);
    const file = await checkFile(form.file);
    await checkDocumentType(fields.document_type_id);
    return await storeDocument(organizationId, id, fields, file, idempotencyKey);
  } finally {
    release();
  }
}

function parseFields(raw: Record<string, string>): DocumentUploadFields {
  const parsed = documentUploadFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.join(".") || String((issue as { keys?: string[] }).keys?.[0] ?? "");
  throw new ApiError("invalid_parameter", issue.message, `body.${field}=${raw[field] ?? "(missing)"}`);
}

type CheckedFile = ReceivedFile & { mime: string };

/** The file is there and is a PDF, PNG or JPEG by its first bytes, whatever its name says. */
async function checkFile(file: ReceivedFile | null): Promise<CheckedFile> {
  if (!file || file.size === 0) {
    throw new ApiError(
      "invalid_parameter",
      "file is required: the document as PDF, PNG or JPEG",
      "body.file=(missing)",
    );
  }
  // A truncated container (a 10-byte ZIP header) can make file-type's readers run out of bytes:
  // that is a file of no known type, not a server fault.
  const detected = await fileTypeFromBuffer(file.head).catch(() => undefined);
  if (!detected || !ALLOWED_TYPES.has(detected.mime)) {
    throw new ApiError(
      "unsupported_media_type",
      "A document must be a PDF, PNG or JPEG file (by its content, whatever its name).",
      `body.file.type=${detected?.mime ?? "unknown"}`,
    );
  }
  return { ...file, mime: detected.mime };
}

async function checkDocumentType(documentTypeId: string): Promise<void> {
  const reference = await getReferenceData();
  if (!reference.documentTypeById.has(documentTypeId)) {
    throw new ApiError(
      "unknown_document_type",
      `Unknown document type '${documentTypeId}'.`,
      `body.document_type_id=${documentTypeId}`,
    );
  }
}

async function storeDocument(
  organizationId: string,
  id: string,
  fields: DocumentUploadFields,
  file: CheckedFile,
  idempotencyKey: string | undefined,
): Promise<UploadAnswer> {
  // The key space is shared with orders and jobs: a prefix keeps a document's key its own.
  const key = idempotencyKey === undefined ? undefined : `document:${idempotencyKey}`;
  const hash = requestHash({ ...fields, file_name: file.name, sha256: file.sha256 });
  return inRetryingTransaction(async (tx) => {
    if (key !== undefined) {
      const earlier = await claimKey<DocumentView>(tx, organizationId, key, hash);
      if (earlier) return { document: earlier.body, replayed: true };
    }
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
        contentType: file.mime,
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
    const document = documentView(row);
    if (key !== undefined) await storeAnswer(tx, organizationId, key, { body: document, replayed: false });
    return { document, replayed: false };
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
  const organizationId = readsEveryOrganization(viewer) ? null : viewer.organizationId;
  const [row] = await prisma.$queryRaw<Array<{ content: string | null; contentType: string }>>`
    SELECT encode(content, 'base64') AS content, content_type AS "contentType" FROM compliance_document
     WHERE id = ${id} AND (${organizationId}::text IS NULL OR organization_id = ${organizationId})`;
  if (!row || !row.content) throw notFound("document", id);
  const bytes = decryptBytesAtRest(Buffer.from(row.content, "base64"), id);
  const extension =
    row.contentType === "application/pdf" ? "pdf" : row.contentType === "image/png" ? "png" : "jpg";
  return { bytes, contentType: row.contentType, fileName: `${id}.${extension}` };
}
