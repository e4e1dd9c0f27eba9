import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import type { Viewer } from "@/lib/auth/types";
import { ApiError, notFound } from "@/lib/errors";
import type { DocumentView } from "@/lib/schemas/compliance-documents";
import type { ComplianceDocument } from "@/lib/generated/prisma/client";
import { readableBy, readPage, SUBMITTED_STATUSES, type Page } from "@/lib/compliance/records";

// Documents' metadata (docs/CONTRACT.md §17): reading, listing and deleting them. Uploading and
// the file itself are in document-files.ts.

type DocumentRow = Omit<ComplianceDocument, "content">;

export const documentSelect = {
  id: true,
  organizationId: true,
  documentTypeId: true,
  endUserId: true,
  addressId: true,
  expiresOn: true,
  fileName: true,
  contentType: true,
  size: true,
  sha256: true,
  createdAt: true,
} as const;

export function documentView(row: DocumentRow): DocumentView {
  return {
    document_id: row.id,
    organization_id: row.organizationId,
    document_type_id: row.documentTypeId,
    end_user_id: row.endUserId,
    address_id: row.addressId,
    expires_on: row.expiresOn ? row.expiresOn.toISOString().slice(0, 10) : null,
    file_name: row.fileName,
    content_type: row.contentType as DocumentView["content_type"],
    size: row.size,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listDocuments(viewer: Viewer, query: Page) {
  const prisma = await getPrisma();
  return readPage(
    viewer,
    query,
    (args) => prisma.complianceDocument.findMany({ ...args, select: documentSelect }),
    (where) => prisma.complianceDocument.count({ where }),
    documentView,
  );
}

export async function getDocumentOrThrow(viewer: Viewer, id: string): Promise<DocumentView> {
  const prisma = await getPrisma();
  const row = await prisma.complianceDocument.findFirst({
    where: { id, ...readableBy(viewer) },
    select: documentSelect,
  });
  if (!row) throw notFound("document", id);
  return documentView(row);
}

/**
 * 409 document_in_use while a submitted or approved bundle holds it, or a port order names it
 * (its signed LOA or its bill); else it leaves drafts too.
 */
export async function deleteDocument(organizationId: string, id: string): Promise<void> {
  await inRetryingTransaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM compliance_document WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`;
    if (locked.length === 0) throw notFound("document", id);
    const user = await tx.complianceBundleDocument.findFirst({
      where: { documentId: id, bundle: { status: { in: [...SUBMITTED_STATUSES] } } },
      select: { bundleId: true, bundle: { select: { status: true } } },
    });
    if (user) {
      throw new ApiError(
        "document_in_use",
        `Document ${id} is in bundle ${user.bundleId}, which is ${user.bundle.status}; it cannot be deleted.`,
        `document_id=${id}, bundle_id=${user.bundleId}`,
      );
    }
    // A port order keeps its signed LOA and its attached bill (the order names them).
    const portOrder = await tx.portOrder.findFirst({
      where: { OR: [{ loaDocumentId: id }, { billDocumentId: id }] },
      select: { id: true, loaDocumentId: true },
    });
    if (portOrder) {
      const role = portOrder.loaDocumentId === id ? "signed LOA" : "bill";
      throw new ApiError(
        "document_in_use",
        `Document ${id} is the ${role} of port order ${portOrder.id}; it cannot be deleted.`,
        `document_id=${id}, port_order_id=${portOrder.id}`,
      );
    }
    await tx.complianceBundleDocument.deleteMany({ where: { documentId: id } });
    await tx.complianceDocument.delete({ where: { id } });
    await auditChanges(tx, [
      { action: "document.deleted", organizationId, resource: { type: "document", id } },
    ]);
  });
}
