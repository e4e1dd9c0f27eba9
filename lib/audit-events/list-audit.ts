import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { readPage } from "@/lib/db/paged";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { AUDIT_RETENTION_DAYS, type AuditEventView, type AuditListQuery } from "@/lib/schemas/audit";

// Reading the audit log (docs/CONTRACT.md §15): one organization's entries, newest first, filtered;
// as pages for the API and the portal (every match as CSV: audit-csv.ts). Its own folder, above
// lib/auth: who may read whose entries is lib/auth's rule, and lib/auth records its own entries
// through lib/audit.

type AuditRow = Prisma.AuditEventGetPayload<object>;
export type AuditFilters = Omit<AuditListQuery, "limit" | "offset" | "format">;

const DAY_MS = 86_400_000;
const newestFirst = [
  { at: "desc" },
  { id: "desc" },
] as const satisfies Prisma.AuditEventOrderByWithRelationInput[];

/**
 * Whose log a request reads, once the request is checked: from must be before to, and support
 * must name one organization, since an entry only makes sense within its organization (a 400
 * either way, before any row is read). The list and the CSV export (audit-csv.ts) start here.
 */
export function auditOrganization(viewer: Viewer, query: AuditFilters): string {
  const { organizationId } = readableOrganizations(viewer, query.organization_id);
  if (query.from && query.to && query.from >= query.to)
    throw new ApiError(
      "invalid_parameter",
      "from must be before to",
      `query.from=${query.from.toISOString()},query.to=${query.to.toISOString()}`,
    );
  if (organizationId === undefined)
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required: support users read one organization's audit log at a time",
      "query.organization_id=(missing)",
    );
  return organizationId;
}

/** The where of a listing: whose log, and the filters. */
function whereFor(viewer: Viewer, query: AuditFilters): Prisma.AuditEventWhereInput {
  return {
    organizationId: auditOrganization(viewer, query),
    ...(query.actor === undefined ? {} : { actorId: query.actor }),
    ...(query.action === undefined ? {} : { action: query.action }),
    ...(query.resource_type === undefined ? {} : { resourceType: query.resource_type }),
    ...(query.resource_id === undefined ? {} : { resourceId: query.resource_id }),
    ...(query.from || query.to
      ? { at: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
}

export async function listAuditEvents(
  viewer: Viewer,
  query: AuditListQuery,
): Promise<{ items: AuditEventView[]; total: number }> {
  const where = whereFor(viewer, query);
  const prisma = await readDb();
  const { rows, total } = await readPage(
    query,
    () => prisma.auditEvent.findMany({ where, orderBy: newestFirst, take: query.limit, skip: query.offset }),
    () => prisma.auditEvent.count({ where }),
  );
  const names = await nameResources(prisma, rows);
  return { items: rows.map((row) => toAuditEvent(row, names)), total };
}

type Db = Awaited<ReturnType<typeof readDb>>;

/**
 * What the page's rows call each resource (a number by its number, a member by name), read
 * now for the page's ids, one query per kind: the log keeps ids, names change.
 */
async function nameResources(prisma: Db, rows: readonly AuditRow[]): Promise<Map<string, string>> {
  const idsOf = (...types: string[]) => [
    ...new Set(
      rows.flatMap((row) => (types.includes(row.resourceType) && row.resourceId ? [row.resourceId] : [])),
    ),
  ];
  const organizationIds = [
    ...new Set(rows.flatMap((row) => (row.organizationId ? [row.organizationId] : []))),
  ];
  const mine = { organizationId: { in: organizationIds } };
  const [numbers, tokens, members, endUsers] = await Promise.all([
    prisma.numberConfiguration.findMany({
      where: { id: { in: idsOf("number", "extension") }, ...mine },
      select: { id: true, number: true, name: true },
    }),
    prisma.apiToken.findMany({
      where: { id: { in: idsOf("token") }, ...mine },
      select: { id: true, name: true },
    }),
    prisma.user.findMany({
      where: { id: { in: idsOf("member", "user") }, ...mine },
      select: { id: true, name: true },
    }),
    prisma.endUser.findMany({
      where: { id: { in: idsOf("end_user") }, ...mine },
      select: { id: true, name: true },
    }),
  ]);
  return new Map<string, string>([
    ...numbers.map(
      (row) =>
        [row.id, row.name && row.name !== row.number ? `${row.number} (${row.name})` : row.number] as const,
    ),
    ...[...tokens, ...members, ...endUsers].map((row) => [row.id, row.name] as const),
  ]);
}

function toAuditEvent(row: AuditRow, names: ReadonlyMap<string, string>): AuditEventView {
  return {
    id: row.id,
    // Never null here: a listing always names one organization.
    organization_id: row.organizationId ?? "",
    at: row.at.toISOString(),
    actor: { type: row.actorType as AuditEventView["actor"]["type"], id: row.actorId, name: row.actorName },
    ip: row.ip,
    action: row.action,
    resource: {
      type: row.resourceType,
      id: row.resourceId,
      name: row.resourceId === null ? null : (names.get(row.resourceId) ?? null),
    },
    changes: changesOf(row),
  };
}

/** The changes in field, from, to order (jsonb keeps keys in an order of its own). */
export function changesOf(row: Pick<AuditRow, "changes">): AuditEventView["changes"] {
  return (row.changes as AuditEventView["changes"]).map(({ field, from, to }) => ({ field, from, to }));
}

/** Housekeeping: deletes entries older than the retention (one year). */
export async function purgeOldAuditEvents(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const { count } = await prisma.auditEvent.deleteMany({
    where: { at: { lt: new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS) } },
  });
  return count;
}
