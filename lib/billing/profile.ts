import "server-only";
import { ApiError } from "@/lib/errors";
import { readDb } from "@/lib/db/replicas";
import { inRetryingTransaction } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { auditChanges, diffFields } from "@/lib/audit/record";
import type { BillingProfile, BillingProfileRequest } from "@/lib/schemas/billing-profile";

// The billing profile (docs/API.md "Billing"): one per organization, replaced whole by PUT. The
// request schema has checked the country and the VAT ID already; here it is stored with its
// audit entry. Members read and change their own; support reads the one organization it names.

type ProfileRow = Prisma.BillingProfileGetPayload<object>;

const FIELDS = ["legal_name", "address", "country", "vat_id", "emails"] as const;

/** Whose profile a caller reads: their own organization's; support must name one. */
function profileOrganization(viewer: Viewer, requested: string | undefined): string {
  const { organizationId } = readableOrganizations(viewer, requested);
  if (organizationId === undefined)
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required: support staff name the organization whose billing profile they read",
      "query.organization_id",
    );
  return organizationId;
}

export async function getBillingProfileOrThrow(
  viewer: Viewer,
  requested: string | undefined,
): Promise<BillingProfile> {
  const organizationId = profileOrganization(viewer, requested);
  const prisma = await readDb();
  const row = await prisma.billingProfile.findUnique({ where: { organizationId } });
  if (!row)
    throw new ApiError(
      "not_found",
      "The organization has no billing profile yet: PUT /billing/profile makes one.",
      `organization_id=${organizationId}`,
    );
  return toBillingProfile(row);
}

/** Replaces the organization's profile (making it the first time); one audit entry when anything changed. */
export async function putBillingProfile(
  organizationId: string,
  request: BillingProfileRequest,
  now: Date,
): Promise<BillingProfile> {
  const row = await inRetryingTransaction(async (tx) => {
    const before = await tx.billingProfile.findUnique({ where: { organizationId } });
    const data = {
      legalName: request.legal_name,
      address: request.address,
      country: request.country,
      vatId: request.vat_id,
      emails: request.emails,
    };
    const after = await tx.billingProfile.upsert({
      where: { organizationId },
      create: { organizationId, ...data, updatedAt: now },
      update: { ...data, updatedAt: now },
    });
    const changes = diffFields(before && comparable(before), comparable(after), FIELDS);
    if (changes.length > 0)
      await auditChanges(tx, [
        {
          action: before ? "billing_profile.updated" : "billing_profile.created",
          organizationId,
          resource: { type: "billing_profile", id: organizationId },
          changes,
          at: now,
        },
      ]);
    return after;
  });
  return toBillingProfile(row);
}

function comparable(row: ProfileRow) {
  return {
    legal_name: row.legalName,
    address: row.address,
    country: row.country,
    vat_id: row.vatId,
    emails: row.emails,
  };
}

function toBillingProfile(row: ProfileRow): BillingProfile {
  return { organization_id: row.organizationId, ...comparable(row), updated_at: row.updatedAt.toISOString() };
}
