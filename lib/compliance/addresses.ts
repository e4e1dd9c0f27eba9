import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges, diffFields } from "@/lib/audit/record";
import type { Viewer } from "@/lib/auth/types";
import { ApiError, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { AddressView, CreateAddressRequest, UpdateAddressRequest } from "@/lib/schemas/compliance";
import type { ComplianceAddress } from "@/lib/generated/prisma/client";
import { readableBy, readPage, SUBMITTED_STATUSES, type Page } from "@/lib/compliance/records";

// Addresses (docs/CONTRACT.md §17): where an end user is, as their documents show it.

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
