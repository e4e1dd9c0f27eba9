import "server-only";
import { ApiError, notFound } from "@/lib/errors";
import { readDb } from "@/lib/db/replicas";
import { inRetryingTransaction } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { auditChanges } from "@/lib/audit/record";
import { newId } from "@/lib/ids";
import { formatMinor, toMinor } from "@/lib/billing/money";
import {
  BILLING_ALERT_LIMITS,
  type BillingAlert,
  type CreateBillingAlertRequest,
} from "@/lib/schemas/billing-alerts";

// Balance alerts (docs/API.md "Billing"): made, listed and deleted here; the worker fires them
// (lib/billing/alert-sweep.ts). Members manage their own organization's; support reads the one
// it names. Another organization's alert is a 404.

type AlertRow = Prisma.BillingAlertGetPayload<object>;

export async function createBillingAlert(
  organizationId: string,
  request: CreateBillingAlertRequest,
  now: Date,
): Promise<BillingAlert> {
  const row = await inRetryingTransaction(async (tx) => {
    // Counted under the organization's row lock, so two creations at once cannot both be the eleventh.
    await tx.$queryRaw`SELECT 1 FROM organization WHERE id = ${organizationId} FOR UPDATE`;
    const account = await tx.billingAccount.findUnique({
      where: { organizationId_currency: { organizationId, currency: request.currency } },
      select: { currency: true },
    });
    if (!account)
      throw new ApiError(
        "invalid_parameter",
        `currency: the organization has no billing account in ${request.currency}`,
        `body.currency=${request.currency}`,
      );
    const count = await tx.billingAlert.count({ where: { organizationId } });
    if (count >= BILLING_ALERT_LIMITS.maxPerOrganization)
      throw new ApiError(
        "invalid_parameter",
        `An organization has at most ${BILLING_ALERT_LIMITS.maxPerOrganization} billing alerts; delete one first.`,
        `billing_alerts=${count}`,
      );
    const created = await tx.billingAlert.create({
      data: {
        id: newId("billingAlert"),
        organizationId,
        currency: request.currency,
        availableBelowMinor: toMinor(request.available_below),
        createdAt: now,
      },
    });
    await auditChanges(tx, [
      {
        action: "billing_alert.created",
        organizationId,
        resource: { type: "billing_alert", id: created.id },
        changes: [
          { field: "currency", from: null, to: created.currency },
          { field: "available_below", from: null, to: formatMinor(created.availableBelowMinor) },
        ],
        at: now,
      },
    ]);
    return created;
  });
  return toBillingAlert(row);
}

export async function listBillingAlerts(
  viewer: Viewer,
  requested: string | undefined,
): Promise<BillingAlert[]> {
  const where = readableOrganizations(viewer, requested);
  if (where.organizationId === undefined)
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required: support staff name the organization whose billing alerts they read",
      "query.organization_id",
    );
  const prisma = await readDb();
  const rows = await prisma.billingAlert.findMany({
    where,
    orderBy: [{ currency: "asc" }, { availableBelowMinor: "desc" }, { id: "asc" }],
  });
  return rows.map(toBillingAlert);
}

export async function deleteBillingAlert(organizationId: string, alertId: string, now: Date): Promise<void> {
  const deleted = await inRetryingTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ currency: string; available_below_minor: bigint }>>`
      DELETE FROM billing_alert WHERE id = ${alertId} AND organization_id = ${organizationId}
      RETURNING currency, available_below_minor`;
    if (row)
      await auditChanges(tx, [
        {
          action: "billing_alert.deleted",
          organizationId,
          resource: { type: "billing_alert", id: alertId },
          changes: [
            { field: "currency", from: row.currency, to: null },
            { field: "available_below", from: formatMinor(BigInt(row.available_below_minor)), to: null },
          ],
          at: now,
        },
      ]);
    return row;
  });
  if (!deleted) throw notFound("billing alert", alertId);
}

export function toBillingAlert(row: AlertRow): BillingAlert {
  return {
    id: row.id,
    currency: row.currency,
    available_below: formatMinor(row.availableBelowMinor),
    armed: row.armed,
    last_triggered_at: row.lastTriggeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
