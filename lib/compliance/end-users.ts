import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges, diffFields } from "@/lib/audit/record";
import type { Viewer } from "@/lib/auth/types";
import { ApiError, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CreateEndUserRequest, EndUserView, UpdateEndUserRequest } from "@/lib/schemas/compliance";
import type { EndUser } from "@/lib/generated/prisma/client";
import { readableBy, readPage, type Page } from "@/lib/compliance/records";

// End users (docs/CONTRACT.md §17): who numbers are for, a person or a business.

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
