"use client";
import { useMemo, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { formatAmount, invoiceStatusWords, supportActionsFor } from "@/components/billing/billing-words";
import { invoicePdfHref } from "@/components/hooks/billing-filters";
import { useCloseInvoice, useInvoices } from "@/components/hooks/use-billing";
import type { Invoice } from "@/components/hooks/billing-types";

const PAGE_SIZE = 20;

const actionWords = {
  void: { label: "Void", pending: "Voiding…", confirm: (number: string) => `Void ${number}` },
  mark_uncollectible: {
    label: "Mark uncollectible",
    pending: "Marking…",
    confirm: (number: string) => `Mark ${number} uncollectible`,
  },
} as const;

/**
 * The organization's invoices and credit notes, newest first, each with its PDF. Support
 * (`supportActions`) may void an open or uncollectible invoice, or mark an open one uncollectible.
 */
export function InvoiceTable({
  organizationId,
  supportActions = false,
}: {
  organizationId: string | null;
  supportActions?: boolean;
}) {
  const [offset, setOffset] = useState(0);
  const invoices = useInvoices({ limit: PAGE_SIZE, offset }, organizationId);
  const close = useCloseInvoice();
  const columns = useMemo<DataColumn<Invoice>[]>(() => {
    const base: DataColumn<Invoice>[] = [
      {
        id: "number",
        header: "Number",
        cell: (invoice) => (
          <span className="mono">
            {invoice.number ?? (invoice.kind === "credit_note" ? "Credit note" : "Draft")}
          </span>
        ),
      },
      {
        id: "period",
        header: "Period",
        cell: (invoice) =>
          invoice.period_start && invoice.period_end
            ? `${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`
            : "—",
      },
      {
        id: "issued",
        header: "Issued",
        cell: (invoice) => (invoice.issued_at ? formatDate(invoice.issued_at) : "—"),
      },
      { id: "due", header: "Due", cell: (invoice) => (invoice.due_at ? formatDate(invoice.due_at) : "—") },
      {
        id: "status",
        header: "Status",
        cell: (invoice) => <span data-testid="invoice-status">{invoiceStatusWords[invoice.status]}</span>,
      },
      {
        id: "total",
        header: "Total",
        numeric: true,
        cell: (invoice) => formatAmount(invoice.total, invoice.currency),
      },
      {
        id: "due-amount",
        header: "Left to pay",
        numeric: true,
        cell: (invoice) => formatAmount(invoice.amount_due, invoice.currency),
      },
      {
        id: "pdf",
        header: "PDF",
        hideHeader: true,
        action: true,
        cell: (invoice) =>
          invoice.number ? (
            <a
              className="btn btn--small"
              href={invoicePdfHref(invoice.id, organizationId)}
              download
              aria-label={`Download ${invoice.number} as PDF`}
            >
              PDF
            </a>
          ) : null,
      },
    ];
    if (!supportActions) return base;
    return [
      ...base,
      {
        id: "actions",
        header: "Actions",
        hideHeader: true,
        action: true,
        cell: (invoice) =>
          supportActionsFor(invoice.status).map((action) => (
            <ConfirmButton
              key={action}
              label={actionWords[action].label}
              labelFor={`${actionWords[action].label} ${invoice.number ?? invoice.id}`}
              confirmLabel={actionWords[action].confirm(invoice.number ?? invoice.id)}
              pendingLabel={actionWords[action].pending}
              pending={close.isPending && close.variables?.invoiceId === invoice.id}
              error={close.variables?.invoiceId === invoice.id ? close.error : null}
              onConfirm={() => close.mutate({ invoiceId: invoice.id, action })}
            />
          )),
      },
    ];
  }, [organizationId, supportActions, close]);

  return (
    <QueryState
      query={invoices}
      loading="Loading invoices…"
      errorTitle="The invoices could not be loaded"
      empty={
        <EmptyState title="No invoices yet">
          <p>An invoice is made on the 1st of each month for the month before.</p>
        </EmptyState>
      }
    >
      {(data) => (
        <DataTable
          caption="Invoices, newest first"
          columns={columns}
          rows={data.items}
          rowId={(invoice) => invoice.id}
          rowProps={() => ({ testId: "invoice-row" })}
          busy={invoices.isFetching}
          paging={{
            label: "Invoice pages",
            offset,
            limit: PAGE_SIZE,
            total: data.total,
            onChange: setOffset,
          }}
        />
      )}
    </QueryState>
  );
}
