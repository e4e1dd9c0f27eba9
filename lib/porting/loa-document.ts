import "server-only";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import type { Viewer } from "@/lib/auth/types";
import { ownOrganizationUnlessSupport } from "@/lib/auth/organization-filter";
import { readDocumentFile } from "@/lib/compliance/document-files";
import { createBytesEncryptor } from "@/lib/crypto/data-key";
import { notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { renderLoaPdf, renderSignedLoaPdf, type LoaInput, type LoaSigner } from "@/lib/porting/loa-pdf";

// The letter of authorization as a file (docs/CONTRACT.md §20): filled from the order while
// unsigned, and once signed the stored PDF itself, read back from the documents store (§17), so
// what GET /port_orders/{id}/loa serves is byte for byte the file whose SHA-256 was kept.

/** What the letter needs of an order, in one query. */
export const loaOrderInclude = {
  organization: { select: { name: true } },
  endUser: { select: { type: true, name: true, businessName: true } },
  address: { select: { street: true, city: true, postalCode: true, region: true, countryId: true } },
  numbers: { select: { numberE164: true }, orderBy: { numberE164: "asc" } },
} as const;

type LoaOrder = {
  id: string;
  losingCarrier: string;
  accountNumber: string;
  authorizedPerson: string;
  requestedFocDate: Date;
  updatedAt: Date;
  organization: { name: string };
  endUser: { type: "individual" | "business"; name: string; businessName: string | null };
  address: { street: string; city: string; postalCode: string; region: string | null; countryId: string };
  numbers: Array<{ numberE164: string }>;
};

/** The letter's input: the order as it stands; dated by its last change, so the same order gives the same bytes. */
export function loaInputOf(order: LoaOrder): LoaInput {
  return {
    orderId: order.id,
    organizationName: order.organization.name,
    endUser: {
      type: order.endUser.type,
      name: order.endUser.name,
      business_name: order.endUser.businessName,
    },
    serviceAddress: {
      street: order.address.street,
      city: order.address.city,
      postal_code: order.address.postalCode,
      region: order.address.region,
      country: order.address.countryId,
    },
    losingCarrier: {
      name: order.losingCarrier,
      accountNumber: order.accountNumber,
      authorizedPerson: order.authorizedPerson,
    },
    numbers: order.numbers.map((number) => number.numberE164),
    requestedFocDate: order.requestedFocDate.toISOString().slice(0, 10),
    preparedAt: order.updatedAt,
  };
}

export type LoaFile = { bytes: Buffer; fileName: string };

/**
 * GET /port_orders/{id}/loa: the signed letter once there is one, else the letter filled from the
 * order. Another organization's order is 404 (support, the port desk, reads every one).
 */
export async function readLoaPdf(viewer: Viewer, orderId: string): Promise<LoaFile> {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findFirst({
    where: { id: orderId, ...ownOrganizationUnlessSupport(viewer) },
    include: loaOrderInclude,
  });
  if (!order) throw notFound("port order", orderId);
  if (order.loaDocumentId) {
    const stored = await readDocumentFile(viewer, order.loaDocumentId);
    return { bytes: stored.bytes, fileName: `loa-${order.id}-signed.pdf` };
  }
  return { bytes: await renderLoaPdf(loaInputOf(order)), fileName: `loa-${order.id}.pdf` };
}

/** The unsigned letter of an order already read (the signing link's PDF). */
export async function renderUnsignedLoa(order: LoaOrder): Promise<LoaFile> {
  return { bytes: await renderLoaPdf(loaInputOf(order)), fileName: `loa-${order.id}.pdf` };
}

/**
 * Renders the signed letter and stores it in the documents store as a signed_loa of the order's
 * end user and address: encrypted at rest like an upload, with the SHA-256 of the plain PDF.
 * In the caller's transaction; answers the document's id and hash.
 */
export async function storeSignedLoa(
  tx: Tx,
  order: LoaOrder & { organizationId: string; endUserId: string; addressId: string },
  signer: LoaSigner,
): Promise<{ documentId: string; sha256: string }> {
  const signed = await renderSignedLoaPdf(loaInputOf(order), signer);
  const documentId = newId("document");
  const encryptor = createBytesEncryptor(documentId, signed.pdf.length);
  encryptor.update(signed.pdf);
  await tx.complianceDocument.create({
    data: {
      id: documentId,
      organizationId: order.organizationId,
      documentTypeId: "signed_loa",
      endUserId: order.endUserId,
      addressId: order.addressId,
      fileName: `loa-${order.id}-signed.pdf`,
      contentType: "application/pdf",
      size: signed.pdf.length,
      sha256: signed.sha256,
      content: encryptor.final(),
      createdAt: signer.signedAt,
    },
  });
  return { documentId, sha256: signed.sha256 };
}
