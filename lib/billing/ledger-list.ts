import "server-only";
import { stringify } from "csv-stringify/sync";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { readPage } from "@/lib/db/paged";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { formatMinor } from "@/lib/billing/money";
import type { LedgerEntryView, LedgerFilters, LedgerListQuery } from "@/lib/schemas/billing-ledger";

// Reading the ledger (docs/API.md, "Charges and the ledger"): one organization's entries, newest
// first, filtered; as pages, or every match as CSV read in keyset batches (as the audit log's
// export does), so years of entries never sit in memory at once.

const CSV_BATCH = 500;
const newestFirst = [
  { createdAt: "desc" },
  { id: "desc" },
] as const satisfies Prisma.LedgerEntryOrderByWithRelationInput[];
const withInvoice = { invoiceLine: { select: { invoiceId: true } } } as const;
type EntryRow = Prisma.LedgerEntryGetPayload<{ include: typeof withInvoice }>;

function whereFor(viewer: Viewer, query: LedgerFilters): Prisma.LedgerEntryWhereInput {
  const { organizationId } = readableOrganizations(viewer, query.organization_id);
  if (organizationId === undefined)
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required: support users read one organization's ledger at a time",
      "query.organization_id=(missing)",
    );
  if (query.from && query.to && query.from >= query.to)
    throw new ApiError(
      "invalid_parameter",
      "from must be before to",
      `query.from=${query.from.toISOString()},query.to=${query.to.toISOString()}`,
    );
  return {
    organizationId,
    ...(query.currency === undefined ? {} : { currency: query.currency }),
    ...(query.kind === undefined ? {} : { kind: query.kind }),
    ...(query.number_id === undefined ? {} : { numberId: query.number_id }),
    ...(query.invoice_id === undefined ? {} : { invoiceLine: { invoiceId: query.invoice_id } }),
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
}

/** The orders' reference ids, for the entries a sale or a fill wrote. */
async function orderReferences(
  prisma: PrismaClient,
  rows: readonly EntryRow[],
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
  if (ids.length === 0) return new Map();
  const orders = await prisma.order.findMany({
    where: { id: { in: ids } },
    select: { id: true, referenceId: true },
  });
  return new Map(orders.map((order) => [order.id, order.referenceId]));
}

const day = (value: Date | null) => (value === null ? null : value.toISOString().slice(0, 10));

function toEntry(row: EntryRow, orders: ReadonlyMap<number, string>): LedgerEntryView {
  return {
    id: row.id,
    currency: row.currency,
    kind: row.kind,
    amount: formatMinor(row.amountMinor),
    description: row.description,
    number_id: row.numberId,
    number_e164: row.numberE164,
    order_reference_id: row.orderId === null ? null : (orders.get(row.orderId) ?? null),
    period_start: day(row.periodStart),
    period_end: day(row.periodEnd),
    invoice_id: row.invoiceLine?.invoiceId ?? null,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /billing/ledger: one page of the entries, newest first, and how many match. */
export async function listLedger(
  viewer: Viewer,
  query: LedgerListQuery,
): Promise<{ items: LedgerEntryView[]; total: number }> {
  const where = whereFor(viewer, query);
  const prisma = await readDb();
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.ledgerEntry.findMany({
        where,
        include: withInvoice,
        orderBy: newestFirst,
        take: query.limit,
        skip: query.offset,
      }),
    () => prisma.ledgerEntry.count({ where }),
  );
  const orders = await orderReferences(prisma, rows);
  return { items: rows.map((row) => toEntry(row, orders)), total };
}

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

function toCsvRecord(entry: LedgerEntryView): string[] {
  return [
    entry.id,
    entry.created_at,
    entry.currency,
    entry.kind,
    entry.amount,
    entry.description,
    entry.number_id ?? "",
    entry.number_e164 ?? "",
    entry.order_reference_id ?? "",
    entry.period_start ?? "",
    entry.period_end ?? "",
    entry.invoice_id ?? "",
    entry.reference ?? "",
  ];
}

/**
 * Every match as CSV, newest first. Checked (organization, filters) before the first byte, so a
 * bad request is still a 400; then CSV_BATCH rows at a time after the last one sent.
 */
export async function streamLedgerCsv(
  viewer: Viewer,
  query: LedgerFilters,
): Promise<ReadableStream<Uint8Array>> {
  const where = whereFor(viewer, query);
  const prisma = await getPrisma();
  const encoder = new TextEncoder();
  let last: EntryRow | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(stringify([[...LEDGER_CSV_COLUMNS]])));
    },
    async pull(controller) {
      if (done) return;
      const after: Prisma.LedgerEntryWhereInput = last
        ? { OR: [{ createdAt: { lt: last.createdAt } }, { createdAt: last.createdAt, id: { lt: last.id } }] }
        : {};
      const rows = await prisma.ledgerEntry.findMany({
        where: { AND: [where, after] },
        include: withInvoice,
        orderBy: newestFirst,
        take: CSV_BATCH,
      });
      const orders = await orderReferences(prisma, rows);
      if (rows.length > 0)
        controller.enqueue(encoder.encode(stringify(rows.map((row) => toCsvRecord(toEntry(row, orders))))));
      last = rows.at(-1);
      if (rows.length < CSV_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}
