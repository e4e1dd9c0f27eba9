import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges, diffFields } from "@/lib/audit/record";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Viewer } from "@/lib/auth/types";
import { ApiError, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type {
  AddressView,
  CreateAddressRequest,
  CreateEndUserRequest,
  DocumentView,
  EndUserView,
  UpdateAddressRequest,
  UpdateEndUserRequest,
} from "@/lib/schemas/compliance";
import type { ComplianceAddress, ComplianceDocument, EndUser } from "@/lib/generated/prisma/client";
import { ownOrganizationUnlessSupport } from "@/lib/auth/organization-filter";

// End users, addresses and documents (docs/CONTRACT.md §17). Reads are the organization's own, or
// any organization's for support; writes are always the caller's organization's. Another
// organization's record is 404, never 403.

type Page = { limit: number; offset: number; organization_id?: string };

/** Statuses of a bundle that has been handed in: its documents and addresses are frozen. */
const SUBMITTED_STATUSES = ["pending_review", "approved"] as const;

/** Who may read a record by id: its organization, or support. */
function readableBy(viewer: Viewer): { organizationId?: string } {
  return ownOrganizationUnlessSupport(viewer);
}

type PageArgs = {
  where: { organizationId?: string };
  orderBy: [{ createdAt: "desc" }, { id: "desc" }];
  take: number;
  skip: number;
};

/**
 * One page of a kind of record the viewer may read, newest first, and how many there are:
 * the same for end users, addresses and documents, each passing its own table's two calls.
 */
async function readPage<Row, View>(
  viewer: Viewer,
  query: Page,
  rows: (args: PageArgs) => Promise<Row[]>,
  count: (where: PageArgs["where"]) => Promise<number>,
  view: (row: Row) => View,
): Promise<{ items: View[]; total: number }> {
  const where = readableOrganizations(viewer, query.organization_id);
  const [page, total] = await Promise.all([
    rows({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    count(where),
  ]);
  return { items: page.map(view), total };
}

// ---------------------------------------------------------------- end users

function endUserView(row: EndUser): EndUserView {
  return {
    end_user_id: row.id,
    organization_id: row.organizationId,
    type: row.type,
    name: row.name,
    business_name: row.businessName,
    registration_number: row.registrationNumber,
    email: row.email,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function assertBusinessNamed(type: string, businessName: string | null | undefined): void {
  if (type === "business" && !businessName) {
    throw new ApiError(
      "invalid_parameter",
      "business_name is required for an end user of type business",
      "body.business_name=(missing)",
    );
  }
}

export async function createEndUser(
  organizationId: string,
  body: CreateEndUserRequest,
): Promise<EndUserView> {
  assertBusinessNamed(body.type, body.business_name);
  return inRetryingTransaction(async (tx) => {
    const row = await tx.endUser.create({
      data: {
        id: newId("endUser"),
        organizationId,
        type: body.type,
        name: body.name,
        businessName: body.business_name ?? null,
        registrationNumber: body.registration_number ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
      },
    });
    const view = endUserView(row);
    await auditChanges(tx, [
      {
        action: "end_user.created",
        organizationId,
        resource: { type: "end_user", id: row.id },
        changes: diffFields(null, view, [
          "type",
          "name",
          "business_name",
          "registration_number",
          "email",
          "phone",
        ]),
      },
    ]);
    return view;
  });
}

export async function listEndUsers(viewer: Viewer, query: Page) {
  const prisma = await getPrisma();
  return readPage(
    viewer,
    query,
    (args) => prisma.endUser.findMany(args),
    (where) => prisma.endUser.count({ where }),
    endUserView,
  );
}

export async function getEndUserOrThrow(viewer: Viewer, id: string): Promise<EndUserView> {
  const prisma = await getPrisma();
  const row = await prisma.endUser.findFirst({ where: { id, ...readableBy(viewer) } });
  if (!row) throw notFound("end user", id);
  return endUserView(row);
}

export async function updateEndUser(
  organizationId: string,
  id: string,
  body: UpdateEndUserRequest,
): Promise<EndUserView> {
  return inRetryingTransaction(async (tx) => {
    const before = await tx.endUser.findFirst({ where: { id, organizationId } });
    if (!before) throw notFound("end user", id);
    const type = body.type ?? before.type;
    const businessName = body.business_name === undefined ? before.businessName : body.business_name;
    assertBusinessNamed(type, businessName);
    const row = await tx.endUser.update({
      where: { id },
      data: {
        type,
        name: body.name ?? before.name,
        businessName,
        registrationNumber:
          body.registration_number === undefined ? before.registrationNumber : body.registration_number,
        email: body.email === undefined ? before.email : body.email,
        phone: body.phone === undefined ? before.phone : body.phone,
        updatedAt: new Date(),
      },
    });
    const view = endUserView(row);
    await auditChanges(tx, [
      {
        action: "end_user.updated",
        organizationId,
        resource: { type: "end_user", id },
        changes: diffFields(endUserView(before), view, [
          "type",
          "name",
          "business_name",
          "registration_number",
          "email",
          "phone",
        ]),
      },
    ]);
    return view;
  });
}

// ---------------------------------------------------------------- addresses

function addressView(row: ComplianceAddress): AddressView {
  return {
    address_id: row.id,
    organization_id: row.organizationId,
    street: row.street,
    city: row.city,
    postal_code: row.postalCode,
    region: row.region,
    country: row.countryId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const ADDRESS_FIELDS = ["street", "city", "postal_code", "region", "country"] as const;

export async function createAddress(
  organizationId: string,
  body: CreateAddressRequest,
): Promise<AddressView> {
  return inRetryingTransaction(async (tx) => {
    const row = await tx.complianceAddress.create({
      data: {
        id: newId("address"),
        organizationId,
        street: body.street,
        city: body.city,
        postalCode: body.postal_code,
        region: body.region ?? null,
        countryId: body.country,
      },
    });
    const view = addressView(row);
    await auditChanges(tx, [
      {
        action: "address.created",
        organizationId,
        resource: { type: "address", id: row.id },
        changes: diffFields(null, view, [...ADDRESS_FIELDS]),
      },
    ]);
    return view;
  });
}

export async function listAddresses(viewer: Viewer, query: Page) {
  const prisma = await getPrisma();
  return readPage(
    viewer,
    query,
    (args) => prisma.complianceAddress.findMany(args),
    (where) => prisma.complianceAddress.count({ where }),
    addressView,
  );
}

export async function getAddressOrThrow(viewer: Viewer, id: string): Promise<AddressView> {
  const prisma = await getPrisma();
  const row = await prisma.complianceAddress.findFirst({ where: { id, ...readableBy(viewer) } });
  if (!row) throw notFound("address", id);
  return addressView(row);
}

/** An address a submitted bundle uses never changes (docs/CONTRACT.md §17): make a new one instead. */
export async function updateAddress(
  organizationId: string,
  id: string,
  body: UpdateAddressRequest,
): Promise<AddressView> {
  return inRetryingTransaction(async (tx) => {
    // FOR UPDATE: a submission reading the address waits for this change, or this one for it.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM compliance_address WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`;
    if (locked.length === 0) throw notFound("address", id);
    const before = (await tx.complianceAddress.findUnique({ where: { id } }))!;
    const user = await tx.complianceBundleDocument.findFirst({
      where: {
        document: { addressId: id },
        bundle: { status: { in: [...SUBMITTED_STATUSES, "expired", "rejected"] } },
      },
      select: { bundleId: true },
    });
    if (user) {
      throw new ApiError(
        "document_in_use",
        `Address ${id} is used by submitted bundle ${user.bundleId} and cannot change; add a new address instead.`,
        `address_id=${id}, bundle_id=${user.bundleId}`,
      );
    }
    const row = await tx.complianceAddress.update({
      where: { id },
      data: {
        street: body.street ?? before.street,
        city: body.city ?? before.city,
        postalCode: body.postal_code ?? before.postalCode,
        region: body.region === undefined ? before.region : body.region,
        countryId: body.country ?? before.countryId,
        updatedAt: new Date(),
      },
    });
    const view = addressView(row);
    await auditChanges(tx, [
      {
        action: "address.updated",
        organizationId,
        resource: { type: "address", id },
        changes: diffFields(addressView(before), view, [...ADDRESS_FIELDS]),
      },
    ]);
    return view;
  });
}

// ---------------------------------------------------------------- documents (metadata)

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
