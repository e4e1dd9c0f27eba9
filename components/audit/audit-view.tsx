"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { actorWords, changeWords, resourceHref } from "@/components/audit/audit-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { auditCsvHref, auditFilterNames, auditFiltersFrom } from "@/lib/hooks/audit-filters";
import { useAuditEvents } from "@/lib/hooks/use-audit";
import { organizationLabel, useOrganizationNames } from "@/lib/hooks/use-organizations";
import { useQueryString } from "@/lib/hooks/use-query-string";
import type { AuditEventView } from "@/lib/schemas/audit";

const PAGE_SIZE = 50;

type FilterName = (typeof auditFilterNames)[number];
const filterFields: ReadonlyArray<{ name: FilterName; label: string; hint?: string; type?: string }> = [
  { name: "action", label: "Action", hint: "Such as order.placed or sign_in.failed" },
  { name: "actor", label: "Actor id", hint: "A user's or token's id" },
  { name: "resource_type", label: "Resource type", hint: "number, order, token, webhook, …" },
  { name: "resource_id", label: "Resource id" },
  { name: "from", label: "From", type: "date" },
  { name: "to", label: "Before", type: "date" },
];

/**
 * The audit log with its filters in the query string (a link shares the same view). Support
 * staff read one organization at a time: they pick it first.
 */
export function AuditView({ isSupport }: { isSupport: boolean }) {
  const [params, navigate] = useQueryString();
  const filters = auditFiltersFrom(params, PAGE_SIZE, isSupport);
  const needsOrganization = isSupport && !filters.organization_id;
  const entries = useAuditEvents(filters, !needsOrganization);
  const names = useOrganizationNames(isSupport);
  const [draft, setDraft] = useState<Record<FilterName, string>>(
    () =>
      Object.fromEntries(auditFilterNames.map((name) => [name, params.get(name) ?? ""])) as Record<
        FilterName,
        string
      >,
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate({ ...draft, offset: "" });
  }
  function clear() {
    setDraft(Object.fromEntries(auditFilterNames.map((name) => [name, ""])) as Record<FilterName, string>);
    navigate({ ...Object.fromEntries(auditFilterNames.map((name) => [name, ""])), offset: "" });
  }

  return (
    <div className="stack">
      <form className="card" role="search" aria-label="Filter the audit log" onSubmit={apply}>
        <div className="form-grid">
          {isSupport ? (
            <Field label="Organization">
              {(props) => (
                <select
                  {...props}
                  value={filters.organization_id ?? ""}
                  onChange={(event) => navigate({ organization_id: event.target.value, offset: "" })}
                >
                  <option value="">Choose an organization</option>
                  {[...names.keys()].sort().map((id) => (
                    <option key={id} value={id}>
                      {organizationLabel(names, id)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {filterFields.map((field) => (
            <Field key={field.name} label={field.label} hint={field.hint}>
              {(props) => (
                <input
                  {...props}
                  name={field.name}
                  type={field.type ?? "text"}
                  value={draft[field.name]}
                  onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary">
            Filter
          </button>
          <button type="button" className="btn btn--link" onClick={clear}>
            Clear filters
          </button>
          {needsOrganization ? null : (
            <a className="btn" href={auditCsvHref(filters)} download>
              Download CSV
            </a>
          )}
        </div>
      </form>
      <AuditResults
        needsOrganization={needsOrganization}
        entries={entries}
        offset={filters.offset}
        onPage={(offset) => navigate({ offset: offset > 0 ? String(offset) : "" })}
      />
    </div>
  );
}

function AuditResults({
  needsOrganization,
  entries,
  offset,
  onPage,
}: {
  needsOrganization: boolean;
  entries: ReturnType<typeof useAuditEvents>;
  offset: number;
  onPage: (offset: number) => void;
}) {
  if (needsOrganization)
    return (
      <section className="card">
        <EmptyState title="Choose an organization">
          <p>An audit log belongs to one organization: pick it above.</p>
        </EmptyState>
      </section>
    );
  if (entries.isPending) return <LoadingState label="Loading the audit log…" />;
  if (entries.isError)
    return (
      <ErrorState
        error={entries.error}
        onRetry={() => entries.refetch()}
        title="The audit log could not be loaded"
      />
    );
  if (entries.data.items.length === 0)
    return (
      <section className="card">
        <EmptyState title="No entries match">
          <p>Changes appear here as they are made. Try fewer filters or a wider time.</p>
        </EmptyState>
      </section>
    );
  return (
    <DataTable
      caption="Audit log, newest first"
      columns={columns}
      rows={entries.data.items}
      rowId={(entry) => entry.id}
      rowProps={() => ({ testId: "audit-row" })}
      busy={entries.isFetching}
      paging={{
        label: "Audit log pages",
        offset,
        limit: PAGE_SIZE,
        total: entries.data.total,
        onChange: onPage,
      }}
    />
  );
}

const columns: DataColumn<AuditEventView>[] = [
  { id: "at", header: "When", className: "nowrap", cell: (entry) => formatDateTime(entry.at) },
  { id: "actor", header: "Who", cell: (entry) => actorWords(entry.actor) },
  { id: "action", header: "Action", cell: (entry) => <span className="mono">{entry.action}</span> },
  {
    id: "resource",
    header: "Resource",
    cell: (entry) => {
      const href = resourceHref(entry.resource);
      const text = `${entry.resource.type} ${entry.resource.id ?? ""}`.trim();
      return href ? (
        <Link className="mono" href={href}>
          {text}
        </Link>
      ) : (
        <span className="mono">{text}</span>
      );
    },
  },
  {
    id: "changes",
    header: "Changes",
    className: "small",
    cell: (entry) =>
      entry.changes.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        <ul className="plain-list">
          {entry.changes.map((change) => (
            <li key={change.field}>{changeWords(change)}</li>
          ))}
        </ul>
      ),
  },
  { id: "ip", header: "Address", className: "small mono", cell: (entry) => entry.ip ?? "—" },
];
