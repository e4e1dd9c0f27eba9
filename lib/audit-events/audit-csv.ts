import "server-only";
import { csvPages } from "@/lib/db/csv-pages";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { auditOrganization, changesOf, type AuditFilters } from "@/lib/audit-events/list-audit";

// GET /audit-events?format=csv and /audit-events/export (docs/CONTRACT.md §15): every match,
// newest first, streamed a page at a time (lib/db/csv-pages.ts), so a year of entries never sits
// in memory at once. A page is one statement, a keyset after the last entry sent along the index
// (organization_id, at DESC, id DESC). The filters say in SQL what the list's where
// (list-audit.ts) says to Prisma.

const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "actor_type",
  "actor_id",
  "actor_name",
  "ip",
  "action",
  "resource_type",
  "resource_id",
  "changes",
] as const;

/** Rows a statement: large enough that a page's fixed cost (a round trip) is spread thin. */
const PAGE_SIZE = 5_000;

// changes as the text of its jsonb, parsed here: the same values on PostgreSQL and PGlite.
type CsvRow = {
  id: string;
  at: Date;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  ip: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  changes: string;
};

const instant = (value: Date) => Prisma.sql`${value.toISOString()}::timestamptz`;

function whereSql(organizationId: string, query: AuditFilters): Prisma.Sql {
  const conditions = [Prisma.sql`a.organization_id = ${organizationId}`];
  if (query.actor !== undefined) conditions.push(Prisma.sql`a.actor_id = ${query.actor}`);
  if (query.action !== undefined) conditions.push(Prisma.sql`a.action = ${query.action}`);
  if (query.resource_type !== undefined)
    conditions.push(Prisma.sql`a.resource_type = ${query.resource_type}`);
  if (query.resource_id !== undefined) conditions.push(Prisma.sql`a.resource_id = ${query.resource_id}`);
  if (query.from) conditions.push(Prisma.sql`a.at >= ${instant(query.from)}`);
  if (query.to) conditions.push(Prisma.sql`a.at < ${instant(query.to)}`);
  return Prisma.join(conditions, " AND ");
}

function toCsvRecord(row: CsvRow): string[] {
  return [
    row.id,
    row.at.toISOString(),
    row.actor_type,
    row.actor_id ?? "",
    row.actor_name,
    row.ip ?? "",
    row.action,
    row.resource_type,
    row.resource_id ?? "",
    JSON.stringify(changesOf({ changes: JSON.parse(row.changes) })),
  ];
}

/**
 * Every match as CSV, newest first. Checked (organization, filters) before the first byte, so
 * a bad request is still a 400; then a page at a time after the last entry sent.
 */
export async function streamAuditCsv(
  viewer: Viewer,
  query: AuditFilters,
  pageSize = PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const where = whereSql(auditOrganization(viewer, query), query);
  const prisma = await getPrisma();
  return csvPages<CsvRow>({
    columns: AUDIT_CSV_COLUMNS,
    pageSize,
    recordDelimiter: "\n",
    toRecord: toCsvRecord,
    readPage: (last) => prisma.$queryRaw<CsvRow[]>`
      SELECT a.id, a.at, a.actor_type, a.actor_id, a.actor_name, a.ip, a.action, a.resource_type, a.resource_id,
             a.changes::text AS changes
        FROM audit_event a
       WHERE ${where}
         AND ${last === undefined ? Prisma.sql`TRUE` : Prisma.sql`(a.at, a.id) < (${instant(last.at)}, ${last.id})`}
       ORDER BY a.at DESC, a.id DESC
       LIMIT ${pageSize}`,
  });
}
