"use client";
import { useState, type FormEvent } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { formatAmount, kindWordsOf, ledgerKinds } from "@/components/billing/billing-words";
import { ledgerCsvHref, ledgerFilterNames, ledgerFiltersFrom } from "@/components/hooks/billing-filters";
import { useLedger } from "@/components/hooks/use-billing";
import { useQueryString } from "@/components/hooks/use-query-string";
import type { LedgerEntry } from "@/components/hooks/billing-types";

const PAGE_SIZE = 50;

type FilterName = (typeof ledgerFilterNames)[number];

const columns: DataColumn<LedgerEntry>[] = [
  { id: "at", header: "When", cell: (entry) => formatDateTime(entry.created_at) },
  { id: "kind", header: "Kind", cell: (entry) => kindWordsOf(entry.kind) },
  {
    id: "description",
    header: "Description",
    cell: (entry) => (
      <>
        {entry.description}
        {entry.period_start && entry.period_end ? (
          <div className="small muted">
            {formatDate(entry.period_start)} to {formatDate(entry.period_end)} (not included)
          </div>
        ) : null}
      </>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    numeric: true,
    cell: (entry) => <span data-testid="ledger-amount">{formatAmount(entry.amount, entry.currency)}</span>,
  },
];

/**
 * Every charge, payment and credit, newest first, with its filters in the page's address (a
 * link shares the same view) and the same filters' CSV.
 */
export function LedgerView({
  organizationId,
  currencies,
}: {
  organizationId: string | null;
  currencies: readonly string[];
}) {
  const [params, navigate] = useQueryString();
  const filters = ledgerFiltersFrom(params, PAGE_SIZE, organizationId);
  const entries = useLedger(filters);
  const [draft, setDraft] = useState<Record<FilterName, string>>(
    () =>
      Object.fromEntries(ledgerFilterNames.map((name) => [name, params.get(name) ?? ""])) as Record<
        FilterName,
        string
      >,
  );
  const set = (name: FilterName, value: string) => setDraft({ ...draft, [name]: value });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate({ ...draft, ledger_offset: "" }, { history: "push" });
  }
  function clear() {
    const none = Object.fromEntries(ledgerFilterNames.map((name) => [name, ""])) as Record<
      FilterName,
      string
    >;
    setDraft(none);
    navigate({ ...none, ledger_offset: "" }, { history: "push" });
  }

  return (
    <div className="stack">
      <form role="search" aria-label="Filter the ledger" onSubmit={apply}>
        <div className="form-grid">
          <Field label="Currency">
            {(props) => (
              <select
                {...props}
                name="currency"
                value={draft.currency}
                onChange={(e) => set("currency", e.target.value)}
              >
                <option value="">Every currency</option>
                {[...new Set([...currencies, ...(draft.currency ? [draft.currency] : [])])].map(
                  (currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ),
                )}
              </select>
            )}
          </Field>
          <Field label="Kind">
            {(props) => (
              <select {...props} name="kind" value={draft.kind} onChange={(e) => set("kind", e.target.value)}>
                <option value="">Any kind</option>
                {[...new Set([...ledgerKinds, ...(draft.kind ? [draft.kind] : [])])].map((kind) => (
                  <option key={kind} value={kind}>
                    {kindWordsOf(kind)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="From">
            {(props) => (
              <input
                {...props}
                name="from"
                type="date"
                value={draft.from}
                onChange={(e) => set("from", e.target.value)}
              />
            )}
          </Field>
          <Field label="Before">
            {(props) => (
              <input
                {...props}
                name="to"
                type="date"
                value={draft.to}
                onChange={(e) => set("to", e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary">
            Filter
          </button>
          <button type="button" className="btn btn--link" onClick={clear}>
            Clear filters
          </button>
          <a className="btn" href={ledgerCsvHref(filters)} download data-testid="ledger-csv">
            Download CSV
          </a>
        </div>
      </form>
      <QueryState
        query={entries}
        loading="Loading the ledger…"
        errorTitle="The ledger could not be loaded"
        empty={
          <EmptyState title="No entries match">
            <p>Charges appear here when numbers are bought and on the 1st of each month.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            caption="Ledger entries, newest first"
            columns={columns}
            rows={data.items}
            rowId={(entry) => entry.id}
            rowProps={() => ({ testId: "ledger-row" })}
            busy={entries.isFetching}
            paging={{
              label: "Ledger pages",
              offset: filters.offset,
              limit: PAGE_SIZE,
              total: data.total,
              onChange: (offset) => navigate({ ledger_offset: offset > 0 ? String(offset) : "" }),
            }}
          />
        )}
      </QueryState>
    </div>
  );
}
