import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Viewer } from "@/lib/auth/types";
import { readDb } from "@/lib/db/replicas";
import { formatMinor } from "@/lib/billing/money";
import type { Prisma } from "@/lib/generated/prisma/client";
import { numberOrderings, numberSearchWhere } from "@/lib/numbers/configurations";
import type { NumberExportQuery } from "@/lib/schemas/numbers/query";

// GET /numbers?format=csv (docs/CONTRACT.md §16): every match, unpaged, streamed. Rows are read a page
// at a time with a keyset cursor (Prisma's cursor: the page after the last row's id in the
// chosen order) and written as they come, so memory holds one page whatever the fleet's size,
// and a slow reader slows the reads instead of filling a buffer (the stream pulls).

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

const PAGE_SIZE = 500;

const exportSelect = {
  id: true,
  organizationId: true,
  number: true,
  name: true,
  status: true,
  kind: true,
  tags: true,
  createdAt: true,
  inventoryNumber: {
    select: {
      countryId: true,
      numberTypeId: true,
      regionId: true,
    },
  },
  // A number ported in has no inventory row: its country and type are its port order's.
  portOrder: { select: { country: true, numberType: true } },
  _count: { select: { rules: true } },
} satisfies Prisma.NumberConfigurationSelect;

type ExportRow = Prisma.NumberConfigurationGetPayload<{ select: typeof exportSelect }>;

/**
 * The monthly fee of each configuration of a page, as billing charges it (billing_number_fees: a
 * sold number's order item's, a ported number's destination product's), by configuration id.
 */
async function monthlyFees(db: Awaited<ReturnType<typeof readDb>>, rows: readonly ExportRow[]) {
  const fees = await db.$queryRaw<{ configuration_id: string; monthly_minor: bigint }[]>`
    SELECT f.configuration_id, f.monthly_minor
      FROM unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => row.organizationId)}::text[])
           AS u(id, organization_id)
     CROSS JOIN LATERAL billing_number_fees(u.organization_id) f
     WHERE f.configuration_id = u.id`;
  return new Map(fees.map((fee) => [fee.configuration_id, formatMinor(fee.monthly_minor)]));
}

function toRecord(row: ExportRow, fees: ReadonlyMap<string, string>): string[] {
  const bought = row.inventoryNumber;
  return [
    row.number,
    row.name,
    row.status,
    bought?.countryId ?? row.portOrder?.country ?? "",
    bought?.numberTypeId ?? row.portOrder?.numberType ?? "",
    bought?.regionId ?? "",
    // Tags hold no spaces (a-z 0-9 - _ :), so a space separates them in one cell.
    row.tags.join(" "),
    row.kind === "number" ? row.createdAt.toISOString() : "",
    fees.get(row.id) ?? "",
    String(row._count.rules),
  ];
}

/** The CSV of every configuration GET /numbers would list with these filters, as a byte stream. */
export async function exportNumbersCsv(
  viewer: Viewer,
  query: NumberExportQuery,
  pageSize = PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const where = await numberSearchWhere(viewer, query);
  const orderBy = numberOrderings[query.sort ?? "number"];
  const prisma = await readDb();
  const encoder = new TextEncoder();
  const options = { record_delimiter: "\r\n" } as const;
  let after: string | undefined;
  let header = true;
  let done = false;

  // Each pull reads one page and answers its lines (the header first, so no match = a header only).
  const readPage = async (): Promise<string> => {
    const rows = await prisma.numberConfiguration.findMany({
      where,
      orderBy,
      select: exportSelect,
      take: pageSize,
      ...(after === undefined ? {} : { cursor: { id: after }, skip: 1 }),
    });
    if (rows.length < pageSize) done = true;
    if (rows.length > 0) after = rows[rows.length - 1].id;
    const records: string[][] = header ? [[...CSV_COLUMNS]] : [];
    header = false;
    const fees = rows.length === 0 ? new Map<string, string>() : await monthlyFees(prisma, rows);
    records.push(...rows.map((row) => toRecord(row, fees)));
    return records.length === 0 ? "" : stringify(records, options);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const text = await readPage();
        if (text !== "") controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
