import { getPrisma } from "@/lib/db/client";
import { demoOrganizations } from "@/prisma/seed/fixtures";
import { isOf, listsOnly, notFound } from "@/tests/authz/matrix/checks";
import type { DataColumns, Expectation } from "@/tests/authz/matrix/types";

// Events and webhook endpoints, with their deliveries.

/** The endpoint a 201 made is the viewer's; removed again so the next cells stay under the limit of 10. */
const webhookOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const id = (body as { data: { webhook_id: string } }).data.webhook_id;
  const row = await prisma.webhook.findUniqueOrThrow({ where: { id } });
  if (row.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`webhook ${id} was made for ${row.organizationId}`);
  await prisma.webhook.delete({ where: { id } });
};

/** A webhook support made is the operator's; removed again like the viewer's. */
const webhookOfOperator: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const id = (body as { data: { webhook_id: string } }).data.webhook_id;
  const row = await prisma.webhook.findUniqueOrThrow({ where: { id } });
  if (row.organizationId !== demoOrganizations.operator.id)
    throw new Error(`support's webhook ${id} was made for ${row.organizationId}`);
  await prisma.webhook.delete({ where: { id } });
};

/** A refused DELETE left the owner's endpoint in place (then tidied, as the cell made it). */
const webhookStillThere: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const id = context.orgs[owner].deletableWebhookId;
  if ((await prisma.webhook.count({ where: { id } })) !== 1)
    throw new Error(`${owner}'s webhook ${id} was deleted by another organization`);
  await prisma.webhook.delete({ where: { id } });
};

/** A refused test or re-send queued nothing for the owner's endpoint. */
const nothingQueued: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const pending = await prisma.webhookDelivery.count({
    where: { webhookId: context.orgs[owner].webhookId, status: "pending" },
  });
  if (pending !== 0)
    throw new Error(`${pending} delivery(ies) queued for ${owner}'s endpoint by another organization`);
};

/** The columns of events, webhooks and deliveries. */
export const webhookDataRoutes: Readonly<Record<string, DataColumns>> = {
  // Events and webhooks (docs/CONTRACT.md §14): support reads every organization's, like orders, and
  // changes only its own organization's endpoints.
  "GET /events": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "POST /webhooks": {
    own: { status: 201, check: webhookOfViewer },
    support: { status: 201, check: webhookOfOperator },
  },
  "GET /webhooks": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /webhooks/{webhook_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "DELETE /webhooks/{webhook_id}": {
    own: { status: 204 },
    other: { ...notFound, check: webhookStillThere },
    support: { ...notFound, check: webhookStillThere },
  },
  "GET /webhooks/{webhook_id}/deliveries": {
    own: { status: 200 },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "POST /webhooks/{webhook_id}/test": {
    own: { status: 202 },
    other: { ...notFound, check: nothingQueued },
    support: { ...notFound, check: nothingQueued },
  },
  "POST /webhooks/{webhook_id}/deliveries/{delivery_id}/retry": {
    own: { status: 202 },
    other: { ...notFound, check: nothingQueued },
    support: { ...notFound, check: nothingQueued },
  },
};
