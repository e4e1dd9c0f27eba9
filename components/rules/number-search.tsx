"use client";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { BulkActions, type BulkPermissions } from "@/components/numbers/bulk-actions";
import { JobProgress } from "@/components/numbers/job-progress";
import { releasedListHref } from "@/components/numbers/released-numbers";
import { numberColumns } from "@/components/rules/number-columns";
import { NumberFilters } from "@/components/numbers/number-filters";
import { OrganizationPicker } from "@/components/organizations/organization-picker";
import { DataTable } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { plural } from "@/components/ui/format";
import { noSelection, type Selection } from "@/components/ui/selection";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { interpretNumberSearch, numbersPageSize, readNumberFilters } from "@/components/hooks/number-search";
import { useJob, useRecentJobs } from "@/components/hooks/use-jobs";
import { numbersCsvHref, useNumberSearch } from "@/components/hooks/use-numbers";
import { useOrder } from "@/components/hooks/use-orders";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";

// /numbers: the search box and filters (docs/CONTRACT.md §16) in the URL, a page of numbers with their
// state and tags, a pick of them (or all N matching) for a bulk job whose progress is followed
// by `?job=`, and the CSV of everything matching.

const sortChoices = [
  { value: "", label: "Number" },
  { value: "name", label: "Name" },
  { value: "-purchased_at", label: "Newest first" },
  { value: "purchased_at", label: "Oldest first" },
];

/**
 * `?q=` the search, the filters under the API's own names, `?offset=` the page, `?job=` a bulk
 * job under way, `?order=` an order whose numbers are marked as just bought. `permissions`
 * null: the person starts no bulk job (support, a viewer), so nothing is selectable.
 */
export function NumberSearch({
  isSupport,
  permissions,
  bulkRefusal,
  agingDays,
}: {
  isSupport: boolean;
  permissions: BulkPermissions | null;
  /** Why this person's role changes no numbers in bulk; null when it does (or for support). */
  bulkRefusal: string | null;
  agingDays: number;
}) {
  const [params, navigate] = useQueryString();
  const query = params.get("q") ?? "";
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const orderReference = params.get("order");
  const limit = numbersPageSize(params.get("limit"));
  const filters = readNumberFilters(params);
  const search = interpretNumberSearch(query, organizationId, offset, limit, filters);
  const results = useNumberSearch(search);
  const names = useOrganizationNames(isSupport);
  // Support staff choose an organization: by name when GET /organizations answers, else the ids seen.
  const everything = useNumberSearch(interpretNumberSearch("", null));
  const organizationIds = isSupport
    ? (everything.data?.items ?? []).map((configuration) => configuration.organization_id)
    : [];
  const bought = useBoughtNumbers(orderReference);
  const jobId = params.get("job");
  const running = useRunningJob(permissions !== null && jobId === null);
  // A finished bulk release on screen: how many numbers it took out of this list.
  const shownJob = useJob(jobId ?? running.job);
  const released =
    shownJob.data?.type === "release" &&
    shownJob.data.status !== "running" &&
    shownJob.data.status !== "queued"
      ? shownJob.data.counts.succeeded
      : 0;
  const releasedHref = releasedListHref(params);
  const [selection, setSelection] = useSelectionOf(JSON.stringify({ ...search, offset: 0 }));
  const extensionIds = useExtensionIds(results.data?.items);
  const resultsRef = useRef<HTMLElement>(null);
  // Set by a search or a page change: the results take focus (and scroll into view) once they are in.
  const moveToResults = useRef(false);
  const [now] = useState(() => new Date());
  const columns = useMemo(
    () =>
      numberColumns({
        organizationColumn: isSupport,
        organizationName: (id) => organizationLabel(names, id),
        bought,
        now,
      }),
    [isSupport, names, bought, now],
  );

  useEffect(() => {
    if (moveToResults.current && !results.isFetching) {
      moveToResults.current = false;
      resultsRef.current?.focus();
    }
  }, [results.isFetching, query, offset]);

  const apply = (changes: Record<string, string>) => {
    navigate({ ...changes, offset: "" }, { history: "push" });
    moveToResults.current = true;
  };

  const data = results.data;
  const updating = results.isFetching && results.isPlaceholderData;
  const filtered = Object.values(filters).some((value) => value !== null && value.length !== 0);
  return (
    <div className="stack">
      <NumberFilters
        key={params.toString()}
        params={params}
        busy={results.isFetching}
        onApply={apply}
        extra={
          isSupport ? (
            <OrganizationPicker
              value={organizationId}
              seenIds={organizationIds}
              onChange={(id) => navigate({ organization_id: id, offset: "" }, { history: "push" })}
            />
          ) : null
        }
      />

      {bought.size > 0 ? (
        <div className="notice notice--success" role="status">
          {plural(bought.size, "number")} from order {orderReference} {bought.size === 1 ? "is" : "are"}{" "}
          marked <strong>Just bought</strong>.
        </div>
      ) : null}

      {jobId !== null ? (
        <JobProgress
          key={jobId}
          jobId={jobId}
          onDismiss={() => navigate({ job: "" })}
          releasedHref={releasedHref}
        />
      ) : running.job !== null ? (
        <JobProgress
          key={running.job}
          jobId={running.job}
          onDismiss={running.dismiss}
          releasedHref={releasedHref}
        />
      ) : null}

      {permissions !== null && data !== undefined ? (
        <BulkActions
          selection={selection}
          search={search}
          extensionIds={extensionIds}
          permissions={permissions}
          agingDays={agingDays}
          onStarted={(id) => {
            setSelection(noSelection);
            navigate({ job: id }, { history: "push" });
          }}
        />
      ) : null}

      <section
        ref={resultsRef}
        tabIndex={-1}
        aria-labelledby="number-results-heading"
        aria-busy={results.isFetching}
        className="results stack"
      >
        <h2 id="number-results-heading" className="visually-hidden">
          Results
        </h2>
        <QueryState
          query={results}
          pending={updating}
          loading="Searching…"
          errorTitle="The search failed"
          empty={
            <div className="card">
              {released > 0 && !(filters.status ?? []).includes("aging") ? (
                // The list emptied because a release took its numbers out, not because nothing matched.
                <EmptyState title="The numbers you released are no longer listed here">
                  <p data-testid="released-empty">
                    This list shows active numbers; the {plural(released, "number")} you released{" "}
                    {released === 1 ? "stays" : "stay"} restorable for {agingDays} days.{" "}
                    <Link href={releasedHref}>See the released numbers</Link>, where each can be restored.
                  </p>
                </EmptyState>
              ) : (
                <EmptyState title="Nothing found">
                  <p>{emptyWords(query, filtered)}</p>
                </EmptyState>
              )}
            </div>
          }
        >
          {(page) => (
            <>
              <div className="results__bar">
                <p className="muted small" aria-live="polite" data-testid="number-count">
                  {plural(page.total, "number")}
                  {query ? ` matching “${query}”` : filtered ? " matching the filters" : ""}
                </p>
                <div className="row">
                  <Field label="Sort by">
                    {(props) => (
                      <select
                        {...props}
                        value={filters.sort ?? ""}
                        onChange={(event) => apply({ sort: event.target.value })}
                      >
                        {sortChoices.map((choice) => (
                          <option key={choice.value} value={choice.value}>
                            {choice.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <a className="btn btn--small" href={numbersCsvHref(search)} download="numbers.csv">
                    Download CSV
                  </a>
                </div>
              </div>
              {bulkRefusal === null ? null : <p className="small muted">{bulkRefusal}</p>}
              <DataTable
                caption="Numbers and extensions"
                columns={columns}
                rows={page.items}
                rowId={(item) => item.number_id}
                rowProps={(item) => ({
                  testId: "number-row",
                  className: bought.has(item.number) ? "is-highlight" : undefined,
                })}
                selection={
                  permissions === null
                    ? undefined
                    : {
                        value: selection,
                        onChange: setSelection,
                        total: page.total,
                        rowLabel: (item) => `Select ${item.name} (${item.number})`,
                      }
                }
                paging={{
                  offset,
                  limit,
                  total: page.total,
                  label: "Pages of numbers",
                  onChange: (next) => {
                    navigate({ offset: next === 0 ? "" : String(next) });
                    moveToResults.current = true;
                  },
                }}
                busy={results.isFetching}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}

function emptyWords(query: string, filtered: boolean): string {
  if (query) return `No number, name or extension matches “${query}”. Try fewer digits, or part of the name.`;
  if (filtered) return "No number matches these filters. Choose “Show all” to see every number.";
  return "There are no numbers here yet.";
}

/** The pick of rows, emptied when the search changes (rows picked then are not these rows). */
function useSelectionOf(searchKey: string): [Selection, (next: Selection) => void] {
  const [state, setState] = useState<{ key: string; selection: Selection }>({
    key: searchKey,
    selection: noSelection,
  });
  const selection = state.key === searchKey ? state.selection : noSelection;
  return [selection, (next) => setState({ key: searchKey, selection: next })];
}

/** The extensions seen on any page: a bulk job changes numbers, so they are left out of it. */
function useExtensionIds(items: readonly { number_id: string; number_type: string | null }[] | undefined) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  // Adjusted while rendering (React's pattern for state derived from props), not in an effect.
  const seen = (items ?? []).filter((item) => item.number_type === null).map((item) => item.number_id);
  if (seen.some((id) => !ids.has(id))) setIds(new Set([...ids, ...seen]));
  return ids;
}

/** A job of the organization still under way (GET /jobs), followed when the URL names none. */
function useRunningJob(enabled: boolean): { job: string | null; dismiss: () => void } {
  const recent = useRecentJobs(enabled);
  const [followed, setFollowed] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const underWay =
    recent.data?.find(
      (job) => (job.status === "queued" || job.status === "running") && !dismissed.has(job.job_id),
    )?.job_id ?? null;
  // Kept once found, so its end ("done") shows although GET /jobs no longer lists it as running.
  if (underWay !== null && followed === null) setFollowed(underWay);
  return {
    job: enabled ? followed : null,
    dismiss: () => {
      if (followed !== null) setDismissed(new Set([...dismissed, followed]));
      setFollowed(null);
    },
  };
}

/** The E.164 numbers an order delivered, for `?order=` (empty without one). */
function useBoughtNumbers(referenceId: string | null): Set<string> {
  const order = useOrder(referenceId ?? "", referenceId !== null);
  const items = order.data?.items;
  return useMemo(
    () => new Set(referenceId === null ? [] : (items ?? []).flatMap((item) => item.assigned_numbers)),
    [referenceId, items],
  );
}
