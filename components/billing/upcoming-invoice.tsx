"use client";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { formatAmount } from "@/components/billing/billing-words";
import { useUpcomingInvoices } from "@/components/hooks/use-billing";
import type { InvoiceLine } from "@/components/hooks/billing-types";

const columnsByCurrency = new Map<string, DataColumn<InvoiceLine>[]>();

/** The columns of a currency's lines, made once per currency (DataTable wants them stable). */
function lineColumns(currency: string): DataColumn<InvoiceLine>[] {
  let columns = columnsByCurrency.get(currency);
  if (!columns) {
    columns = [
      { id: "description", header: "Description", cell: (line) => line.description },
      { id: "amount", header: "Amount", numeric: true, cell: (line) => formatAmount(line.amount, currency) },
    ];
    columnsByCurrency.set(currency, columns);
  }
  return columns;
}

/** What the next month-end run would invoice, per currency (a preview: no number yet). */
export function UpcomingInvoices({
  currencies,
  organizationId,
}: {
  currencies: readonly string[];
  organizationId: string | null;
}) {
  const previews = useUpcomingInvoices(currencies, organizationId);
  return (
    <section className="card" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming invoice</h2>
      <p className="small muted">
        What the next invoice would hold if it were made now: charges not invoiced yet, and next month&apos;s
        monthly fees, charged in advance on the 1st.
      </p>
      {previews.map((preview, index) => {
        const currency = currencies[index];
        if (preview.isPending) return <LoadingState key={currency} label="Working out the next invoice…" />;
        if (preview.isError)
          return (
            <ErrorState
              key={currency}
              error={preview.error}
              onRetry={() => preview.refetch()}
              title={`The upcoming ${currency} invoice could not be worked out`}
            />
          );
        const invoice = preview.data;
        return (
          <div key={currency} className="stack" data-testid={`upcoming-${currency}`}>
            <h3>
              {currency}
              {invoice.period_start && invoice.period_end
                ? `, ${formatDate(invoice.period_start)} to ${formatDate(invoice.period_end)}`
                : null}
            </h3>
            {invoice.lines.length === 0 ? (
              <p className="muted">Nothing to invoice.</p>
            ) : (
              <DataTable
                caption={`Lines of the upcoming ${currency} invoice`}
                columns={lineColumns(currency)}
                rows={invoice.lines}
                rowId={(line) => String(line.position)}
              />
            )}
            <dl className="dl">
              <dt>Subtotal</dt>
              <dd className="num">{formatAmount(invoice.subtotal, currency)}</dd>
              <dt>Tax ({invoice.tax_rate}%)</dt>
              <dd className="num">{formatAmount(invoice.tax, currency)}</dd>
              <dt>Total</dt>
              <dd className="num">
                <strong>{formatAmount(invoice.total, currency)}</strong>
              </dd>
            </dl>
            {invoice.tax_note ? <p className="small">{invoice.tax_note}</p> : null}
          </div>
        );
      })}
    </section>
  );
}
