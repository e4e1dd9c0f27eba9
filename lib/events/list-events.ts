import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { eventTypes, type Event, type EventType } from "@/lib/schemas/events";
import { withLifecycleDefaults } from "@/lib/schemas/numbers/responses";
import { readPage } from "@/lib/db/paged";

// GET /events (docs/CONTRACT.md §14): the organization's events, newest first (oldest first
// after a given one). Events older than EVENT_RETENTION_DAYS are deleted by the worker's
// housekeeping; until it runs they are also left out here, so the answer never depends on when
// housekeeping last ran.

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
  const prisma = await readDb();
  const owner = readableOrganizations(viewer, query.organization_id);
  const where: Prisma.EventWhereInput = {
    ...owner,
    // webhook.test events are a delivery's business only, never listed.
    type: query.type ?? { in: [...eventTypes] },
    createdAt: { gt: new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS) },
  };
  // docs/CONTRACT.md §14: an event is listed only once every transaction with a lower id has ended, so an
  // event whose transaction took its place earlier but commits later can never be skipped by a
  // client that polls with `after`. The horizon is read before the page: an older one only hides more.
  where.xid = { lt: await visibilityHorizon() };
  if (query.after !== undefined) {
    const after = await prisma.event.findFirst({
      where: { id: query.after, ...owner },
      select: { seq: true, xid: true },
    });
    if (!after)
      throw new ApiError(
        "invalid_parameter",
        `after names no event of yours: ${query.after} (events are kept ${EVENT_RETENTION_DAYS} days).`,
        `query.after=${query.after}`,
      );
    where.OR = [{ xid: { gt: after.xid } }, { xid: after.xid, seq: { gt: after.seq } }];
  }
  // One fixed order, (transaction id, position in it): oldest first to catch up with after, else newest first.
  const direction = query.after === undefined ? "desc" : "asc";
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.event.findMany({
        where,
        orderBy: [{ xid: direction }, { seq: direction }],
        take: query.limit,
        skip: query.offset,
      }),
    () => prisma.event.count({ where }),
  );
  return { items: rows.map(toEvent), total };
}

/**
 * The oldest transaction id still running in this database (every lower one has committed or
 * rolled back), as seen now: events recorded below it are final, and none can sort before them.
 * The snapshot lists the running transactions of every database on the server; those that
 * pg_stat_activity places in another database are set aside, so another database's long
 * transaction does not hold events back. One it cannot place (no privilege to see it, or
 * just started) is kept: that can only hide an event for longer, never skip one.
 */
async function visibilityHorizon(): Promise<bigint> {
  const prisma = await getPrisma();
  const [{ horizon }] = await prisma.$queryRaw<Array<{ horizon: bigint }>>`
    WITH snapshot AS (SELECT pg_current_snapshot() AS s),
         elsewhere AS (
           SELECT backend_xid::text::bigint AS xid32 FROM pg_stat_activity
            WHERE backend_xid IS NOT NULL AND datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database()))
    SELECT coalesce(
             (SELECT min(running::text::bigint) FROM pg_snapshot_xip((SELECT s FROM snapshot)) AS running
               WHERE running::text::bigint % 4294967296 NOT IN (SELECT xid32 FROM elsewhere)),
             (SELECT pg_snapshot_xmax(s)::text::bigint FROM snapshot)) AS horizon`;
  return horizon;
}

type EventRow = { id: string; type: string; organizationId: string; createdAt: Date; data: Prisma.JsonValue };

/** The events whose data is a number's configuration, as GET /numbers/{number_id} shows it. */
const numberEvents: ReadonlySet<string> = new Set<EventType>([
  "number.assigned",
  "number.configuration_changed",
  "number.released",
  "number.restored",
  "number.activated",
  "number.documents_overdue",
]);

/**
 * The stored event as the API shows it; the route's schema checks type and data agree. A number
 * event stored before a field of the configuration existed reads that field as it was then.
 */
export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    organization_id: row.organizationId,
    data: numberEvents.has(row.type) ? withLifecycleDefaults(row.data) : row.data,
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
