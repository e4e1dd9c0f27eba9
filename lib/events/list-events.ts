import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { eventTypes, type Event, type EventType } from "@/lib/schemas/events";
import { readPage } from "@/lib/db/paged";

// GET /events (contract §14): the organization's events, newest first. Events older than
// EVENT_RETENTION_DAYS are deleted by the worker's housekeeping; until it runs they are also
// left out here, so the answer never depends on when housekeeping last ran.

const EVENT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export type EventQuery = {
  limit: number;
  offset: number;
  type?: EventType;
  after?: string;
  organization_id?: string;
};

export async function listEvents(
  viewer: Viewer,
  query: EventQuery,
  now = new Date(),
): Promise<{ items: Event[]; total: number }> {
  const prisma = await getPrisma();
  const owner = readableOrganizations(viewer, query.organization_id);
  const where: Prisma.EventWhereInput = {
    ...owner,
    // webhook.test events are a delivery's business only, never listed.
    type: query.type ?? { in: [...eventTypes] },
    createdAt: { gt: new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS) },
  };
  if (query.after !== undefined) {
    const after = await prisma.event.findFirst({
      where: { id: query.after, ...owner },
      select: { seq: true },
    });
    if (!after)
      throw new ApiError(
        "invalid_parameter",
        `after names no event of yours: ${query.after} (events are kept ${EVENT_RETENTION_DAYS} days).`,
        `query.after=${query.after}`,
      );
    where.seq = { gt: after.seq };
  }
  const { rows, total } = await readPage(
    query,
    () => prisma.event.findMany({ where, orderBy: { seq: "desc" }, take: query.limit, skip: query.offset }),
    () => prisma.event.count({ where }),
  );
  return { items: rows.map(toEvent), total };
}

type EventRow = { id: string; type: string; organizationId: string; createdAt: Date; data: Prisma.JsonValue };

/** The stored event as the API shows it; the route's schema checks type and data agree. */
export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    organization_id: row.organizationId,
    data: row.data,
  } as Event;
}

/** Housekeeping: deletes events (and their deliveries) older than the retention. */
export async function purgeOldEvents(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const { count } = await prisma.event.deleteMany({
    where: { createdAt: { lte: new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS) } },
  });
  return count;
}
