import "server-only";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Delivery } from "@/lib/schemas/webhooks";
import { getWebhookOrThrow } from "@/lib/webhooks/manage-webhooks";
import { readPage } from "@/lib/db/paged";

// An endpoint's deliveries as GET /webhooks/{id}/deliveries shows them, and re-sending one.

const withAttempts = {
  event: { select: { type: true } },
  attempts: { orderBy: { id: "asc" } },
} as const satisfies Prisma.WebhookDeliveryInclude;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof withAttempts }>;

export async function listDeliveries(
  viewer: Viewer,
  webhookId: string,
  page: { limit: number; offset: number },
): Promise<{ items: Delivery[]; total: number }> {
  await getWebhookOrThrow(viewer, webhookId);
  const prisma = await getPrisma();
  const where = { webhookId, webhook: readableOrganizations(viewer, undefined) };
  const { rows, total } = await readPage(
    page,
    () =>
      prisma.webhookDelivery.findMany({
        where,
        include: withAttempts,
        // One statement records an event's deliveries and several events at one instant: the
        // event's sequence keeps them in the order they happened.
        orderBy: [{ createdAt: "desc" }, { event: { seq: "desc" } }, { id: "desc" }],
        take: page.limit,
        skip: page.offset,
      }),
    () => prisma.webhookDelivery.count({ where }),
  );
  return { items: rows.map(toDelivery), total };
}

/** One delivery of one of the organization's endpoints; 404 otherwise. */
export async function getDeliveryOrThrow(
  organizationId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Delivery> {
  const prisma = await getPrisma();
  const row = await prisma.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, webhook: { organizationId } },
    include: withAttempts,
  });
  if (!row) throw deliveryNotFound(webhookId, deliveryId);
  return toDelivery(row);
}

/**
 * Queues a finished delivery again, due now, with the whole backoff schedule ahead of it (its
 * attempts are kept). 409 delivery_pending while it is still pending: it will be sent anyway.
 */
export async function retryDelivery(
  organizationId: string,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<Delivery> {
  const requeued = await inRetryingTransaction(async (tx) => {
    const count = await tx.$executeRaw`
    UPDATE webhook_delivery d
       SET status = 'pending', next_attempt_at = ${now}, round_start = d.attempt_count,
           locked_until = NULL, claim_token = NULL
      FROM webhook w
     WHERE d.id = ${deliveryId} AND d.webhook_id = ${webhookId} AND w.id = d.webhook_id
       AND w.organization_id = ${organizationId} AND d.status <> 'pending'`;
    if (count > 0)
      await auditChanges(tx, [
        {
          action: "webhook.delivery_resent",
          organizationId,
          resource: { type: "webhook", id: webhookId },
          changes: [{ field: "delivery_id", from: null, to: deliveryId }],
        },
      ]);
    return count;
  });
  const delivery = await getDeliveryOrThrow(organizationId, webhookId, deliveryId);
  if (requeued === 0)
    throw new ApiError(
      "delivery_pending",
      `Delivery ${deliveryId} is still pending: it will be sent (again) by itself.`,
      `delivery_id=${deliveryId}`,
    );
  return delivery;
}

function deliveryNotFound(webhookId: string, deliveryId: string): ApiError {
  return new ApiError(
    "not_found",
    `There is no delivery ${deliveryId} of webhook endpoint ${webhookId}.`,
    `delivery_id=${deliveryId}`,
  );
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    delivery_id: row.id,
    webhook_id: row.webhookId,
    event_id: row.eventId,
    event_type: row.event.type,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    attempts: row.attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      duration_ms: attempt.durationMs,
      response_status: attempt.responseStatus,
      response_body: attempt.responseBody,
      error: attempt.error,
    })),
  };
}
