"use client";
import { useQueryString } from "@/lib/hooks/use-query-string";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { describeAction } from "@/components/rules/describe";
import { Field } from "@/components/ui/field";
import { numberTypeLabel, plural } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { interpretNumberSearch, numbersPageSize } from "@/lib/hooks/number-search";
import { useNumberSearch } from "@/lib/hooks/use-numbers";
import { useOrder } from "@/lib/hooks/use-orders";
import { organizationLabel, useOrganizationNames } from "@/lib/hooks/use-organizations";

/** `?q=` the search, `?offset=` the page, `?order=` an order whose numbers are marked as just bought. */
export function NumberSearch({ isSupport }: { isSupport: boolean }) {
  const [params, navigate] = useQueryString();
  const query = params.get("q") ?? "";
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const orderReference = params.get("order");
  const [text, setText] = useState(query);
  const limit = numbersPageSize(params.get("limit"));
  const search = interpretNumberSearch(query, organizationId, offset, limit);
  const results = useNumberSearch(search);
  const names = useOrganizationNames(isSupport);
  // Support staff choose an organization: by name when GET /organizations answers, else the ids seen.
  const everything = useNumberSearch(interpretNumberSearch("", null));
  const organizationIds = isSupport
    ? [
        ...new Set([
          ...names.keys(),
          ...(everything.data?.items ?? []).map((configuration) => configuration.organization_id),
        ]),
      ].sort()
    : [];
  const bought = useBoughtNumbers(orderReference);
  const resultsRef = useRef<HTMLElement>(null);
  // Set by a search or a page change: the results take focus (and scroll into view) once they are in.
  const moveToResults = useRef(false);
  const now = new Date();

  useEffect(() => {
    if (moveToResults.current && !results.isFetching) {
      moveToResults.current = false;
      resultsRef.current?.focus();
    }
  }, [results.isFetching, query, offset]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate({ q: text.trim(), offset: "" });
    moveToResults.current = true;
  }

  const data = results.data;
  const updating = results.isFetching && results.isPlaceholderData;
  return (
    <div className="stack">
      <form className="card" role="search" aria-label="Search numbers and extensions" onSubmit={handleSubmit}>
        <div className="form-grid">
          <Field
            label="Number, name or extension"
            hint="Any part of a number, written any way — (212) 202-7333, 020 4903 8196, 7333 — a name such as “office”, or an extension such as 101"
          >
            {(props) => (
              <input
                {...props}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
          {isSupport ? (
            <Field label="Organization">
              {(props) => (
                <select
                  {...props}
                  value={organizationId ?? ""}
                  onChange={(event) => navigate({ organization_id: event.target.value, offset: "" })}
                >
                  <option value="">All organizations</option>
                  {organizationIds.map((id) => (
                    <option key={id} value={id}>
                      {organizationLabel(names, id)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </div>
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={results.isFetching}
            aria-disabled={results.isFetching}
          >
            {results.isFetching ? "Searching…" : "Search"}
          </button>
          {query ? (
            <button
              type="button"
              className="btn btn--link"
              onClick={() => (setText(""), navigate({ q: "", offset: "" }))}
            >
              Show all
            </button>
          ) : null}
        </div>
      </form>

      {bought.size > 0 ? (
        <div className="notice notice--success" role="status">
          {plural(bought.size, "number")} from order {orderReference} {bought.size === 1 ? "is" : "are"}{" "}
          marked <strong>Just bought</strong>.
        </div>
      ) : null}

      <section
        ref={resultsRef}
        tabIndex={-1}
        aria-labelledby="number-results-heading"
        aria-busy={results.isFetching}
        className="results"
      >
        <h2 id="number-results-heading" className="visually-hidden">
          Results
        </h2>
        {results.isPending || updating ? (
          <LoadingState label="Searching…" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => results.refetch()} title="The search failed" />
        ) : data === undefined || data.items.length === 0 ? (
          <div className="card">
            <EmptyState title="Nothing found">
              <p>
                {query
                  ? `No number, name or extension matches “${query}”. Try fewer digits, or part of the name.`
                  : "There are no numbers here yet."}
              </p>
            </EmptyState>
          </div>
        ) : (
          <>
            <p className="muted small" aria-live="polite" data-testid="number-count">
              {plural(data.total, "number")}
              {query ? ` matching “${query}”` : ""}
            </p>
            <div className="table-wrap">
              <table className="cards-on-phone">
                <caption className="visually-hidden">Numbers and extensions</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Number</th>
                    <th scope="col">Type and region</th>
                    {isSupport ? <th scope="col">Organization</th> : null}
                    <th scope="col">Answering now</th>
                    <th scope="col" className="num">
                      Rules
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((configuration) => {
                    const { rule } = resolveActiveRule(configuration.rules, now);
                    const isNew = bought.has(configuration.number);
                    return (
                      <tr
                        key={configuration.number_id}
                        className={isNew ? "is-highlight" : undefined}
                        data-testid="number-row"
                      >
                        <td data-label="Name">
                          <Link href={`/numbers/${encodeURIComponent(configuration.number_id)}`}>
                            {configuration.name}
                          </Link>
                          {isNew ? <span className="badge badge--success">Just bought</span> : null}
                        </td>
                        <td data-label="Number">
                          {configuration.local_format === null ? (
                            <span>Extension {configuration.number}</span>
                          ) : (
                            <>
                              <div className="mono nowrap">{configuration.number}</div>
                              <div className="muted small">{configuration.local_format}</div>
                            </>
                          )}
                        </td>
                        <td data-label="Type and region">
                          {configuration.number_type === null ? (
                            <span className="muted">Extension</span>
                          ) : (
                            <>
                              <div>{numberTypeLabel(configuration.number_type)}</div>
                              <div className="muted small">{configuration.region?.name ?? "—"}</div>
                            </>
                          )}
                        </td>
                        {isSupport ? (
                          <td data-label="Organization" className="small">
                            {organizationLabel(names, configuration.organization_id)}
                          </td>
                        ) : null}
                        <td data-label="Answering now">
                          {rule ? (
                            <span title={describeAction(rule.action)}>{rule.name}</span>
                          ) : (
                            <span className="muted">No rule</span>
                          )}
                        </td>
                        <td data-label="Rules" className="num">
                          {configuration.rules.length}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination
              offset={offset}
              limit={limit}
              total={data.total}
              label="Pages of numbers"
              onChange={(next) => {
                navigate({ offset: next === 0 ? "" : String(next) });
                moveToResults.current = true;
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The E.164 numbers an order delivered, for `?order=` (empty without one). */
function useBoughtNumbers(referenceId: string | null): Set<string> {
  const order = useOrder(referenceId ?? "", referenceId !== null);
  return new Set(
    referenceId === null ? [] : (order.data?.items ?? []).flatMap((item) => item.assigned_numbers),
  );
}
