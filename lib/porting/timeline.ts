import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { notFound } from "@/lib/errors";
import type { Principal, Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { addTimelineEntry, lockPortOrder, moverOf } from "@/lib/porting/move";
import type { PortOrderTimelineEntry } from "@/lib/schemas/porting";

// An order's timeline (GET /port_orders/{id}/events): every move, exception, FOC change, the
// carrier's notes and the comments, oldest first. Comments (GET/POST …/comments) are its
// entries of kind comment.

type EntryRow = {
  id: string;
  kind: PortOrderTimelineEntry["kind"];
  fromStatus: PortOrderTimelineEntry["from_status"];
  toStatus: PortOrderTimelineEntry["to_status"];
  actorKind: PortOrderTimelineEntry["actor"]["kind"];
  actorId: string | null;
  body: string | null;
  details: unknown;
  createdAt: Date;
};

function entryView(row: EntryRow): PortOrderTimelineEntry {
  return {
    event_id: row.id,
    kind: row.kind,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    actor: { kind: row.actorKind, id: row.actorId },
    body: row.body,
    details: row.details ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The order's entries (comments only, when asked), oldest first, a page at a time. */
export async function listTimeline(
  viewer: Viewer,
  id: string,
  page: { limit: number; offset: number },
  only?: "comment",
) {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findFirst({
    where: { id, ...readableOrganizations(viewer, undefined) },
    select: { id: true },
  });
  if (!order) throw notFound("port order", id);
  const where = { portOrderId: id, ...(only ? { kind: only } : {}) };
  const [rows, total] = await Promise.all([
    prisma.portOrderEvent.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
      take: page.limit,
      skip: page.offset,
    }),
    prisma.portOrderEvent.count({ where }),
  ]);
  return { items: rows.map(entryView), total };
}

/** POST /port_orders/{id}/comments: a member's words on the timeline, in any status. */
export async function addComment(
  principal: Principal,
  id: string,
  body: string,
  now: Date = new Date(),
): Promise<PortOrderTimelineEntry> {
  const row = await inRetryingTransaction(async (tx) => {
    const order = await lockPortOrder(tx, id, principal.organizationId);
    return addTimelineEntry(tx, {
      orderId: order.id,
      organizationId: order.organizationId,
      kind: "comment",
      actor: moverOf(principal, "customer"),
      body,
      now,
    });
  });
  return entryView(row);
}
