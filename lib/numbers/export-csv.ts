import "server-only";
import type { Viewer } from "@/lib/auth/types";
import { csvPages } from "@/lib/db/csv-pages";
import { readDb } from "@/lib/db/replicas";
import { formatMinor } from "@/lib/billing/money";
import { Prisma } from "@/lib/generated/prisma/client";
import { numberSearchSql, numberSortsSql, type SortKeys } from "@/lib/numbers/search-sql";
import type { NumberExportQuery } from "@/lib/schemas/numbers/query";

// GET /numbers?format=csv (docs/CONTRACT.md §16): every match, unpaged, streamed a page at a
// time (lib/db/csv-pages.ts). A page is one statement whatever its size: the page's
// configurations in the order asked (a keyset after the last row sent), then for those rows only
// their inventory number or port order, their rule count, and their monthly fee as billing
// charges it (billing_fees_of, the fee rule of billing_number_fees narrowed to the page's ids).

const CSV_COLUMNS = [
  "number",
  "name",
  "status",
  "country",
  "number_type",
  "region",
  "tags",
  "purchased_at",
  "monthly_fee",
  "rule_count",
] as const;

/** Rows a statement: large enough that a page's fixed cost (the sort, a round trip) is spread thin. */
const PAGE_SIZE = 5_000;

type ExportRow = SortKeys & {
  status: string;
  tags: string;
  country: string | null;
  number_type: string | null;
  region_id: string | null;
  monthly_minor: bigint | null;
  rule_count: number;
};

function toRecord(row: ExportRow): string[] {
  return [
    row.number,
    row.name,
    row.status,
    // A number ported in has no inventory row: its country and type are its port order's.
    row.country ?? "",
    row.number_type ?? "",
    row.region_id ?? "",
    // Tags hold no spaces (a-z 0-9 - _ :), so a space separates them in one cell.
    row.tags,
    row.kind === "number" ? row.created_at.toISOString() : "",
    row.monthly_minor === null ? "" : formatMinor(row.monthly_minor),
    String(row.rule_count),
  ];
}

/** The CSV of every configuration GET /numbers would list with these filters, as a byte stream. */
export async function exportNumbersCsv(
  viewer: Viewer,
  query: NumberExportQuery,
  pageSize = PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const where = await numberSearchSql(viewer, query);
  const { orderBy, after } = numberSortsSql[query.sort ?? "number"];
  const prisma = await readDb();
  return csvPages<ExportRow>({
    columns: CSV_COLUMNS,
    pageSize,
    recordDelimiter: "\r\n",
    toRecord,
    // The page is chosen from number_configuration alone (MATERIALIZED: sorted and cut before
    // any join), so the joins and the fee rule run for its rows only. The fees are read once for
    // the page's ids, an array computed before the call: the ids reach the fee rule's primary-key
    // lookups. (Passed as a column of a join instead, `id = ANY(ids)` became a join filter over
    // every organization's fees: 30 s a page of 5,000 on 100,000 numbers.)
    readPage: (last) => prisma.$queryRaw<ExportRow[]>`
      WITH page AS MATERIALIZED (
        SELECT c.id, c.organization_id, c.kind, c.number, c.name, c.status, c.tags, c.created_at,
               c.inventory_number_id, c.port_order_id
          FROM number_configuration c
         WHERE ${where} AND ${last === undefined ? Prisma.sql`TRUE` : after(last)}
         ORDER BY ${orderBy}
         LIMIT ${pageSize}
      ), fees AS MATERIALIZED (
        SELECT f.configuration_id, f.monthly_minor FROM billing_fees_of(ARRAY(SELECT id FROM page)) f
      )
      SELECT c.id, c.organization_id, c.kind::text AS kind, c.number, c.name, c.status::text AS status,
             array_to_string(c.tags, ' ') AS tags, c.created_at,
             COALESCE(i.country_id::text, po.country::text) AS country,
             COALESCE(i.number_type_id, po.number_type) AS number_type, i.region_id,
             f.monthly_minor, (SELECT count(*) FROM rule r WHERE r.configuration_id = c.id)::int AS rule_count
        FROM page c
        LEFT JOIN inventory_number i ON i.id = c.inventory_number_id
        LEFT JOIN port_order po ON po.id = c.port_order_id
        LEFT JOIN fees f ON f.configuration_id = c.id
       ORDER BY ${orderBy}`,
  });
}
