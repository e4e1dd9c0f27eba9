import "server-only";
import { stringify } from "csv-stringify/sync";
import { formatMinor } from "@/lib/billing/money";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { readPage } from "@/lib/db/paged";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { bpToPercent, configuredSeller, decideTax, invoiceParties, taxOn } from "@/lib/billing/tax";
import { invoiceView, loadInvoice, withPaid } from "@/lib/billing/invoices";
import { monthKey, monthStart } from "@/lib/billing/months";
import { statesWhere } from "@/lib/schemas/number-states";
import type {
  InvoiceLineView,
  InvoiceListQuery,
  InvoiceView,
  InvoiceWithLines,
} from "@/lib/schemas/invoices";

// Reading invoices: a customer reads its own organization's, support every organization's (or
// the one named by organization_id); another organization's invoice is 404, as if it did not
// exist. The upcoming invoice is computed, never stored.

type Filters = Omit<InvoiceListQuery, "limit" | "offset" | "format">;

const newestFirst: Prisma.InvoiceOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
const CSV_BATCH = 500;
const INVOICE_CSV_COLUMNS = [
  "id",
  "number",
  "kind",
  "status",
  "organization_id",
  "currency",
  "period_start",
  "period_end",
  "issued_at",
  "due_at",
  "subtotal",
  "tax",
  "total",
  "amount_paid",
  "amount_due",
  "tax_treatment",
  "credits_invoice_id",
] as const;

function whereFor(viewer: Viewer, query: Filters): Prisma.InvoiceWhereInput {
  return {
    ...readableOrganizations(viewer, query.organization_id),
    ...(query.status ? { status: query.status } : {}),
    ...(query.currency ? { currency: query.currency } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.from || query.to
      ? { issuedAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
}

/** GET /invoices: one page, newest first, and the total. */
export async function listInvoices(
  viewer: Viewer,
  query: InvoiceListQuery,
): Promise<{ items: InvoiceView[]; total: number }> {
  const where = whereFor(viewer, query);
  const prisma = await readDb();
  const { rows, total } = await readPage(
    query,
    () => prisma.invoice.findMany({ where, orderBy: newestFirst, take: query.limit, skip: query.offset }),
    () => prisma.invoice.count({ where }),
  );
  return { items: (await withPaid(prisma, rows)).map(invoiceView), total };
}

/** GET /invoices?format=csv: every match, newest first, read a batch per pull. */
export async function streamInvoicesCsv(viewer: Viewer, query: Filters): Promise<ReadableStream<Uint8Array>> {
  const where = whereFor(viewer, query);
  const prisma = await getPrisma();
  const encoder = new TextEncoder();
  let skip = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(stringify([[...INVOICE_CSV_COLUMNS]])));
    },
    async pull(controller) {
      if (done) return;
      const rows = await prisma.invoice.findMany({ where, orderBy: newestFirst, take: CSV_BATCH, skip });
      skip += rows.length;
      const views = (await withPaid(prisma, rows)).map(invoiceView);
      if (views.length > 0) {
        controller.enqueue(
          encoder.encode(
            stringify(views.map((view) => INVOICE_CSV_COLUMNS.map((column) => view[column] ?? ""))),
          ),
        );
      }
      if (rows.length < CSV_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}

/** GET /invoices/{id}: with its lines; 404 when the viewer may not read it. */
export async function getInvoiceOrThrow(
  viewer: Viewer,
  id: string,
  organizationId: string | undefined,
): Promise<InvoiceWithLines> {
  const scope = readableOrganizations(viewer, organizationId);
  const prisma = await readDb();
  const invoice = await loadInvoice(prisma, id, scope.organizationId ?? null);
  if (!invoice) throw new ApiError("not_found", "No such invoice.", `invoice_id=${id}`);
  return invoice;
}

/**
 * GET /billing/upcoming: what the next run would invoice — the entries on no invoice yet and the
 * next month's recurring fees of the numbers billable now, at the fee the run charges
 * (billing_number_fees: sold and ported numbers alike) — as a draft with no number. Support
 * names the organization.
 */
export async function upcomingInvoice(
  viewer: Viewer,
  currency: string,
  organizationId: string | undefined,
  now: Date,
): Promise<InvoiceWithLines> {
  const scope = readableOrganizations(viewer, organizationId);
  if (scope.organizationId === undefined) {
    throw new ApiError(
      "invalid_parameter",
      "organization_id is required for support users: the upcoming invoice is one organization's",
      "query.organization_id",
    );
  }
  const organization = scope.organizationId;
  const prisma = await readDb();
  const periodStart = monthStart(now);
  const next = monthStart(now, 1);
  const nextKey = monthKey(next);
  const entries = await prisma.$queryRaw<
    {
      id: string;
      kind: string;
      amount_minor: bigint;
      description: string;
      number_e164: string | null;
      period_start: Date | null;
      period_end: Date | null;
    }[]
  >`
    SELECT e.id, e.kind::text AS kind, e.amount_minor, e.description, e.number_e164, e.period_start, e.period_end
      FROM ledger_entry e
     WHERE e.organization_id = ${organization} AND e.currency = ${currency}
       AND (e.kind IN ('setup_fee', 'prorated_fee', 'recurring_fee')
            OR (e.kind = 'credit' AND e.idempotency_key LIKE 'overdue-credit:%'))
       AND NOT EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id)
     ORDER BY e.created_at, e.id`;
  const fees = await prisma.$queryRaw<{ number: string; fee: bigint }[]>`
    SELECT f.number, f.monthly_minor AS fee FROM billing_number_fees(${organization}) f
     WHERE f.currency = ${currency} AND f.status::text = ANY(${statesWhere("billable")}::text[])
       AND f.monthly_minor > 0
     ORDER BY f.number`;
  const day = (moment: Date) => moment.toISOString().slice(0, 10);
  const lines: InvoiceLineView[] = [
    ...entries.map((entry) => ({
      description: entry.description,
      amountMinor: -entry.amount_minor,
      kind: entry.kind,
      number_e164: entry.number_e164,
      period_start: entry.period_start ? day(entry.period_start) : null,
      period_end: entry.period_end ? day(entry.period_end) : null,
      ledger_entry_id: entry.id,
    })),
    ...fees.map((fee) => ({
      description: `Monthly fee ${fee.number}, ${nextKey}`,
      amountMinor: fee.fee,
      kind: "recurring_fee",
      number_e164: fee.number,
      period_start: day(next),
      period_end: day(monthStart(now, 2)),
      ledger_entry_id: null,
    })),
  ].map(({ amountMinor, ...line }, index) => ({
    position: index + 1,
    ...line,
    amount: formatMinor(amountMinor),
  }));
  const subtotalMinor = [
    ...entries.map((entry) => -entry.amount_minor),
    ...fees.map((fee) => fee.fee),
  ].reduce((sum, amount) => sum + amount, 0n);
  const profile = await prisma.billingProfile.findUnique({ where: { organizationId: organization } });
  const seller = configuredSeller();
  const tax = decideTax(seller, profile ? { country: profile.country, vatId: profile.vatId } : null);
  const taxMinor = subtotalMinor > 0n ? taxOn(subtotalMinor, tax.rateBp) : 0n;
  if (taxMinor !== 0n) {
    lines.push({
      position: lines.length + 1,
      description: `VAT ${bpToPercent(tax.rateBp)}%`,
      amount: formatMinor(taxMinor),
      kind: "tax",
      number_e164: null,
      period_start: day(periodStart),
      period_end: day(next),
      ledger_entry_id: null,
    });
  }
  return {
    id: "in_upcoming",
    number: null,
    kind: "invoice",
    status: "draft",
    organization_id: organization,
    currency,
    period_start: day(periodStart),
    period_end: day(next),
    issued_at: null,
    due_at: null,
    subtotal: formatMinor(subtotalMinor),
    tax: formatMinor(taxMinor),
    total: formatMinor(subtotalMinor + taxMinor),
    amount_paid: "0.00",
    amount_due: formatMinor(subtotalMinor + taxMinor > 0n ? subtotalMinor + taxMinor : 0n),
    tax_rate: bpToPercent(tax.rateBp),
    tax_treatment: tax.treatment,
    tax_note: tax.note,
    ...invoiceParties(seller, profile),
    credits_invoice_id: null,
    paid_at: null,
    voided_at: null,
    created_at: now.toISOString(),
    lines,
  };
}
