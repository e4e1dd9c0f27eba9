import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";

// A recent bill from the losing carrier, attached to a port order (docs/API.md "Port-in"): a
// document of the organization's compliance store (docs/CONTRACT.md §17) uploaded with POST
// /documents as type bill. The order names it by bill_document_id; the LOA does not name it, so
// attaching or detaching a bill leaves a signed LOA signed.

/** The document type a bill is uploaded as (prisma/seed/data/document-types.ts). */
const BILL_DOCUMENT_TYPE = "bill";

/**
 * 400 invalid_parameter naming bill_document_id unless it is a bill of the organization; another
 * organization's document reads as one that does not exist. The document is locked FOR SHARE for
 * the caller's transaction, so a DELETE /documents/{id} waits for it and then finds it attached.
 */
export async function assertBillDocument(tx: Tx, organizationId: string, documentId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ type: string }[]>`
    SELECT document_type_id AS type FROM compliance_document
    WHERE id = ${documentId} AND organization_id = ${organizationId} FOR SHARE`;
  if (rows.length === 0)
    throw new ApiError(
      "invalid_parameter",
      "bill_document_id must name a document of your organization: upload the bill first (POST /documents with document_type_id bill).",
      `body.bill_document_id=${documentId}`,
    );
  if (rows[0].type !== BILL_DOCUMENT_TYPE)
    throw new ApiError(
      "invalid_parameter",
      `bill_document_id must name a document of type bill; ${documentId} is of type ${rows[0].type}.`,
      `body.bill_document_id=${documentId}, document_type_id=${rows[0].type}`,
    );
}
