import "server-only";
import { randomBytes } from "node:crypto";
import { ApiError, notFound } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { inRetryingTransaction } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { insertEvents } from "@/lib/events/record-events";
import { newId } from "@/lib/ids";
import { eventTypes, TEST_EVENT_TYPE, type EventType } from "@/lib/schemas/events";
import { WEBHOOK_LIMITS, type CreateWebhookRequest, type Webhook } from "@/lib/schemas/webhooks";
import { assertCallableUrl } from "@/lib/webhooks/url-policy";
import { readPage } from "@/lib/db/paged";
import { auditChanges } from "@/lib/audit/record";

// Webhook endpoints (docs/CONTRACT.md §14). Everyone reads their own organization's; support reads
// every organization's (organization_id filters the list), like orders. Changes (create,
// delete, test, re-send) are for one's own organization only: another's endpoint is a 404.

type WebhookRow = Prisma.WebhookGetPayload<object>;

/** The signing key as Standard Webhooks writes it: whsec_ and base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function urlPolicy() {
  return { allowLoopbackHttp: getEnv().WEBHOOKS_ALLOW_HTTP === "1" };
}

export async function createWebhook(
  organizationId: string,
  request: CreateWebhookRequest,
): Promise<Webhook & { secret: string }> {
  await assertCallableUrl(request.url, urlPolicy());
  const row = await inRetryingTransaction(async (tx) => {
    // Counted under the organization's row lock, so two creations at once cannot both be the tenth.
    await tx.$queryRaw`SELECT 1 FROM organization WHERE id = ${organizationId} FOR UPDATE`;
    const count = await tx.webhook.count({ where: { organizationId } });
    if (count >= WEBHOOK_LIMITS.maxPerOrganization)
      throw new ApiError(
        "invalid_parameter",
        `An organization has at most ${WEBHOOK_LIMITS.maxPerOrganization} webhook endpoints; delete one first.`,
        `webhooks=${count}`,
      );
    const created = await tx.webhook.create({
      data: {
        id: newId("webhook"),
        organizationId,
        url: request.url,
        events: request.events,
        description: request.description ?? null,
        secret: newSecret(),
      },
    });
    await auditChanges(tx, [
      {
        action: "webhook.created",
        organizationId,
        resource: { type: "webhook", id: created.id },
        changes: [
          { field: "url", from: null, to: created.url },
          { field: "events", from: null, to: created.events },
          { field: "description", from: null, to: created.description },
        ],
      },
    ]);
    return created;
  });
  return { ...toWebhook(row), secret: row.secret };
}

export async function listWebhooks(
  viewer: Viewer,
  query: { limit: number; offset: number; organization_id?: string },
): Promise<{ items: Webhook[]; total: number }> {
  const prisma = await readDb();
  const where = readableOrganizations(viewer, query.organization_id);
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.webhook.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: query.limit,
        skip: query.offset,
      }),
    () => prisma.webhook.count({ where }),
  );
  return { items: rows.map(toWebhook), total };
}

/** The endpoint if the viewer may read it; 404 otherwise (another organization's included). */
export async function getWebhookOrThrow(viewer: Viewer, webhookId: string): Promise<Webhook> {
  return toWebhook(await findWebhook(readableOrganizations(viewer, undefined), webhookId));
}

export async function deleteWebhook(organizationId: string, webhookId: string): Promise<void> {
  const deleted = await inRetryingTransaction(async (tx) => {
    // Its deliveries go with it (ON DELETE CASCADE): nothing pending is sent afterwards.
    const [row] = await tx.$queryRaw<Array<{ url: string; events: string[]; description: string | null }>>`
      DELETE FROM webhook WHERE id = ${webhookId} AND organization_id = ${organizationId}
      RETURNING url, events, description`;
    if (row)
      await auditChanges(tx, [
        {
          action: "webhook.deleted",
          organizationId,
          resource: { type: "webhook", id: webhookId },
          changes: [
            { field: "url", from: row.url, to: null },
            { field: "events", from: row.events, to: null },
            { field: "description", from: row.description, to: null },
          ],
        },
      ]);
    return row;
  });
  if (!deleted) throw notFound("webhook endpoint", webhookId);
}

/** Records a webhook.test event for this endpoint alone; the worker sends it like any other. */
export async function queueTestEvent(organizationId: string, webhookId: string, now = new Date()) {
  await findWebhook({ organizationId }, webhookId);
  const eventId = newId("event");
  await inRetryingTransaction(async (tx) => {
    await insertEvents(
      tx,
      [{ id: eventId, organizationId, type: TEST_EVENT_TYPE, data: { webhook_id: webhookId } }],
      now,
      webhookId,
    );
    await auditChanges(tx, [
      { action: "webhook.tested", organizationId, resource: { type: "webhook", id: webhookId }, changes: [] },
    ]);
  });
  const prisma = await getPrisma();
  const delivery = await prisma.webhookDelivery.findFirst({
    where: { eventId, webhookId },
    select: { id: true },
  });
  // The endpoint was deleted between the two statements: as if it had never been there.
  if (!delivery) throw notFound("webhook endpoint", webhookId);
  return delivery.id;
}

async function findWebhook(where: { organizationId?: string }, webhookId: string): Promise<WebhookRow> {
  const prisma = await getPrisma();
  const row = await prisma.webhook.findFirst({ where: { id: webhookId, ...where } });
  if (!row) throw notFound("webhook endpoint", webhookId);
  return row;
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    webhook_id: row.id,
    organization_id: row.organizationId,
    url: row.url,
    // Stored as strings; a type a later version dropped is not shown as subscribed.
    events: row.events.filter((type): type is EventType => (eventTypes as readonly string[]).includes(type)),
    description: row.description,
    created_at: row.createdAt.toISOString(),
  };
}
