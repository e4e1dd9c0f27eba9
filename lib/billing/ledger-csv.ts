import "server-only";
import { csvPages } from "@/lib/db/csv-pages";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { formatMinor } from "@/lib/billing/money";
import { ledgerOrganization } from "@/lib/billing/ledger-list";
import type { LedgerFilters } from "@/lib/schemas/billing-ledger";

// GET /billing/ledger?format=csv and /billing/ledger/export (docs/API.md, "Charges and the
// ledger"): every match, newest first, streamed a page at a time (lib/db/csv-pages.ts), so years
// of entries never sit in memory at once. A page is one statement: the page's entries (a keyset
// after the last one sent), then for those only their invoice line and their order's reference.
// The filters say in SQL what the list's where (lib/billing/ledger-list.ts) says to Prisma.

const LEDGER_CSV_COLUMNS = [
  "id",
  "created_at",
  "currency",
  "kind",
  "amount",
  "description",
  "number_id",
  "number_e164",
  "order_reference_id",
  "period_start",
  "period_end",
  "invoice_id",
  "reference",
] as const;

/** Rows a statement: large enough that a page's fixed cost (the sort, a round trip) is spread thin. */
const PAGE_SIZE = 5_000;

type CsvRow = {
  id: string;
  created_at: Date;
  currency: string;
  kind: string;
  amount_minor: bigint;
  description: string;
  number_id: string | null;
  number_e164: string | null;
  order_reference_id: string | null;
  period_start: string | null;
  period_end: string | null;
  invoice_id: string | null;
  reference: string | null;
};

const instant = (value: Date) => Prisma.sql`${value.toISOString()}::timestamptz`;

function whereSql(organizationId: string, query: LedgerFilters): Prisma.Sql {
  const conditions = [Prisma.sql`e.organization_id = ${organizationId}`];
  if (query.currency !== undefined) conditions.push(Prisma.sql`e.currency = ${query.currency}`);
  if (query.kind !== undefined) conditions.push(Prisma.sql`e.kind = ${query.kind}::ledger_kind`);
  if (query.number_id !== undefined) conditions.push(Prisma.sql`e.number_id = ${query.number_id}`);
  if (query.invoice_id !== undefined)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id AND l.invoice_id = ${query.invoice_id})`,
    );
  if (query.from) conditions.push(Prisma.sql`e.created_at >= ${instant(query.from)}`);
  if (query.to) conditions.push(Prisma.sql`e.created_at < ${instant(query.to)}`);
  return Prisma.join(conditions, " AND ");
}

function toCsvRecord(row: CsvRow): string[] {
  return [
    row.id,
    row.created_at.toISOString(),
    row.currency,
    row.kind,
    formatMinor(row.amount_minor),
    row.description,
    row.number_id ?? "",
    row.number_e164 ?? "",
    row.order_reference_id ?? "",
    row.period_start ?? "",
    row.period_end ?? "",
    row.invoice_id ?? "",
    row.reference ?? "",
  ];
}

/**
 * Every match as CSV, newest first. Checked (organization, filters) before the first byte, so a
 * bad request is still a 400; then a page at a time after the last one sent.
 */
export async function streamLedgerCsv(
  viewer: Viewer,
  query: LedgerFilters,
  pageSize = PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const where = whereSql(ledgerOrganization(viewer, query), query);
  const prisma = await getPrisma();
  return csvPages<CsvRow>({
    columns: LEDGER_CSV_COLUMNS,
    pageSize,
    recordDelimiter: "\n",
    toRecord: toCsvRecord,
    // The page is chosen from ledger_entry alone (MATERIALIZED: sorted and cut before the joins).
    // A period is a date: YYYY-MM-DD as the API writes it, whatever the session's DateStyle.
    readPage: (last) => prisma.$queryRaw<CsvRow[]>`
      WITH page AS MATERIALIZED (
        SELECT e.* FROM ledger_entry e
         WHERE ${where}
           AND ${last === undefined ? Prisma.sql`TRUE` : Prisma.sql`(e.created_at, e.id) < (${instant(last.created_at)}, ${last.id})`}
         ORDER BY e.created_at DESC, e.id DESC
         LIMIT ${pageSize}
      )
      SELECT e.id, e.created_at, e.currency, e.kind::text AS kind, e.amount_minor, e.description, e.number_id,
             e.number_e164, o.reference_id AS order_reference_id, to_char(e.period_start, 'YYYY-MM-DD') AS period_start,
             to_char(e.period_end, 'YYYY-MM-DD') AS period_end, l.invoice_id, e.reference
        FROM page e
        LEFT JOIN invoice_line l ON l.ledger_entry_id = e.id
        LEFT JOIN "order" o ON o.id = e.order_id
       ORDER BY e.created_at DESC, e.id DESC`,
  });
}
