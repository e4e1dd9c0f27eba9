import "server-only";
import { ApiError } from "@/lib/errors";
import { readDb } from "@/lib/db/replicas";
import { readPage } from "@/lib/db/paged";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { formatMinor } from "@/lib/billing/money";
import type { LedgerEntryView, LedgerFilters, LedgerListQuery } from "@/lib/schemas/billing-ledger";

// Reading the ledger (docs/API.md, "Charges and the ledger"): one organization's entries, newest
// first, filtered, as pages; every match as CSV is lib/billing/ledger-csv.ts.

const newestFirst = [
  { createdAt: "desc" },
  { id: "desc" },
] as const satisfies Prisma.LedgerEntryOrderByWithRelationInput[];
const withInvoice = { invoiceLine: { select: { invoiceId: true } } } as const;
type EntryRow = Prisma.LedgerEntryGetPayload<{ include: typeof withInvoice }>;

/**
 * The organization whose ledger a request reads, once the request is checked: support must name
 * one, and from must be before to (a 400 either way, before any row is read). The list and the
 * CSV export (lib/billing/ledger-csv.ts) both start here.
 */
export function ledgerOrganization(viewer: Viewer, query: LedgerFilters): string {
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
  return organizationId;
}

function whereFor(viewer: Viewer, query: LedgerFilters): Prisma.LedgerEntryWhereInput {
  return {
    organizationId: ledgerOrganization(viewer, query),
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
